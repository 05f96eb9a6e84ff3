import type { AuditEntry } from '@lynk/contract/audit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, type FakeRoutes } from '@/test/fake-fetch';
import { makeListing, makeSession } from '@/test/fixtures';
import { makeOrganization, renderRoutes } from '@/test/render';
import { AUDIT_LOG_PATH } from '../api/get-audit-log';
import { AuditLogPage } from './audit-log-page';

const EXPORT = `${AUDIT_LOG_PATH}/export.csv`;

function entry(id: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: String(id),
    at: '2026-11-20T15:30:00.000Z',
    action: 'transfer.created',
    subject: `transfer:${id}`,
    organization_id: 'org_1001',
    organization_name: 'Blue Mountain Coffee – Kingston',
    actor: { id: 7, display_name: 'Andre Brown', email: 'andre@example.com' },
    ip: '203.0.113.9',
    details: {},
    ...overrides,
  };
}

const ENTRIES = [entry(1), entry(2, { action: 'transfer.completed', actor: null, ip: null })];

function renderAuditLog({ roleId = 1 as const, routes = {} }: { roleId?: 1 | 2; routes?: FakeRoutes } = {}) {
  const server = installFakeFetch({ [`GET ${AUDIT_LOG_PATH}`]: { body: makeListing(ENTRIES) }, ...routes });
  const view = renderRoutes([{ path: '/:org/audit-log', element: <AuditLogPage context="organization" /> }], {
    path: '/1001/audit-log',
    session: makeSession(roleId),
    organization: makeOrganization(),
    overlays: true,
  });
  return { ...view, ...server };
}

const listRequests = (requests: { path: string }[]) =>
  requests
    .filter((r) => r.path.startsWith(`${AUDIT_LOG_PATH}?`))
    .map((r) => new URL(r.path, 'http://x').searchParams);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the Audit Log page', () => {
  it('lists when, what, who (or System) and from where, newest first', async () => {
    const { requests } = renderAuditLog();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(await within(table).findByRole('row', { name: /transfer:1/ })).toHaveTextContent(
      /20\/11\/2026 10:30.*Transfer made.*transfer\.created.*Andre Brown.*andre@example\.com.*transfer:1.*203\.0\.113\.9/,
    );
    expect(within(table).getByRole('row', { name: /transfer:2/ })).toHaveTextContent(
      /Transfer completed.*transfer\.completed.*System/,
    );
    expect(listRequests(requests)[0]!.get('sort')).toBe('DESC');
  });

  it('asks for the actor and action filters together, from the first page', async () => {
    const { requests } = renderAuditLog();
    await screen.findByRole('table', { name: 'Audit log' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Actor' }), 'andre');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Batch approved');
    expect(listRequests(requests)).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(listRequests(requests)).toHaveLength(2));
    const filtered = listRequests(requests)[1]!;
    expect(filtered.get('actor')).toBe('andre');
    expect(filtered.get('action')).toBe('batch.approved');
    expect(filtered.get('offset')).toBe('0');

    // Clearing goes back to the unfiltered first page, which is still at hand.
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('textbox', { name: 'Actor' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Action' })).toHaveValue('');
    expect(await screen.findByRole('row', { name: /transfer:1/ })).toBeInTheDocument();
  });

  it('exports what the filters match as a CSV file', async () => {
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:audit');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { requests } = renderAuditLog({
      routes: {
        [`GET ${EXPORT}`]: {
          body: { data: { file_name: 'audit-log_2026-11-27.csv', csv: btoa('Date\r\n') } },
        },
      },
    });
    await screen.findByRole('table', { name: 'Audit log' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Actor' }), '7');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['audit-log_2026-11-27.csv']));
    const exported = requests.find((r) => r.path.startsWith(EXPORT))!;
    const params = new URL(exported.path, 'http://x').searchParams;
    expect(params.get('actor')).toBe('7');
    expect(params.has('offset')).toBe(false);
  });

  it("shows the server's refusal of an export", async () => {
    renderAuditLog({
      routes: {
        [`GET ${EXPORT}`]: {
          status: 422,
          body: { code: 'EXPORT_LIMIT', message: 'You can only export up to 10,000 entries.' },
        },
      },
    });
    await screen.findByRole('table', { name: 'Audit log' });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('You can only export up to 10,000 entries.')).toBeInTheDocument();
  });

  it("names each row's branch on the corporate view, where several branches' rows mix", async () => {
    installFakeFetch({ [`GET ${AUDIT_LOG_PATH}`]: { body: makeListing(ENTRIES) } });
    renderRoutes([{ path: '/audit-log', element: <AuditLogPage context="corporate" /> }], {
      path: '/audit-log',
      session: makeSession(4, { org_id: 'org_1000' }),
      organization: makeOrganization({ orgId: 'org_1000', segment: '1000', corporate: true }),
    });
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(within(table).getByRole('columnheader', { name: 'Branch' })).toBeInTheDocument();
    expect(await within(table).findByRole('row', { name: /transfer:1/ })).toHaveTextContent(
      /Blue Mountain Coffee – Kingston/,
    );
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/');
  });

  it('is closed to a manager, who asks for nothing', async () => {
    const { requests } = renderAuditLog({ roleId: 2 });
    expect(await screen.findByText(/access denied/i)).toBeInTheDocument();
    expect(listRequests(requests)).toEqual([]);
  });
});
