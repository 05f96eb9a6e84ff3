import type { RoleId } from '@lynk/contract/roles';
import { Button } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFakeFetch } from '@/test/fake-fetch';
import { makeListing, makeSession } from '@/test/fixtures';
import { makeOrganization, renderWithProviders } from '@/test/render';
import { hideModal, openModal } from '@/lib/modal-registry';
import { BATCHES, BRANCH_ACCOUNTS, WEEKLY_LIMIT, makeBatch, weeklyLimitBody } from '@/test/batches';
import { PaymentHistoryPane } from './payment-history-pane';

const rows = [
  makeBatch(11, { status: 'COMPLETED', name: 'Weekly suppliers' }),
  makeBatch(12, { status: 'COMPLETED_WITH_ERRORS', name: 'A very long November payroll name' }),
  makeBatch(13, { status: 'PROCESSING', name: '' }),
  makeBatch(14, { status: 'APPROVED' }),
  makeBatch(15, { status: 'PENDING_APPROVAL' }),
  makeBatch(16, { status: 'VALIDATED' }),
  makeBatch(17, { status: 'INVALID_PAYEE' }),
  makeBatch(18, { status: 'FAILED' }),
];

function renderPane(roleId: RoleId = 1, path = '/1001/lynk-wallet/payment-history') {
  return renderWithProviders(<PaymentHistoryPane />, {
    path,
    session: makeSession(roleId),
    organization: makeOrganization({ accounts: BRANCH_ACCOUNTS }),
    overlays: true,
  });
}

const row = (table: HTMLElement, id: number) =>
  within(table)
    .getAllByRole('row')
    .find((candidate) => within(candidate).queryAllByRole('cell')[0]?.textContent === String(id))!;

describe('PaymentHistoryPane', () => {
  it("lists the batches with the spec's columns, status labels and amounts", async () => {
    const { requests } = installFakeFetch({ [`GET ${BATCHES}`]: { body: makeListing(rows) } });
    renderPane();
    const table = await screen.findByRole('table', { name: 'Payment History' });
    await within(table).findByText('Weekly suppliers');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Batch ID',
      'Name',
      'Status',
      'Created by',
      expect.stringContaining('Date'),
      'Total',
      'Actions',
    ]);
    const first = row(table, 11);
    expect(first).toHaveTextContent('Maria Manager');
    // 15:30 UTC is 10:30 in Jamaica.
    expect(first).toHaveTextContent('20/11/2026 10:30');
    expect(first).toHaveTextContent('J$4,551.75');
    // Spec section 4: the labels of the statuses.
    const labels = rows.map(
      (batch) => within(row(table, batch.id)).getByText(/./, { selector: '[data-status] *' }).textContent,
    );
    expect(labels).toEqual([
      'Processed',
      'Processed',
      'Pending',
      'Pending',
      'Pending approval',
      'Validated',
      'Invalid payee',
      'Failed',
    ]);
    expect(requests[0]?.path).toBe(`${BATCHES}?offset=0&limit=25&sort=DESC`);
  });

  it('cuts a name over 15 characters and keeps the whole name for screen readers and the tooltip', async () => {
    installFakeFetch({ [`GET ${BATCHES}`]: { body: makeListing(rows) } });
    renderPane();
    const table = await screen.findByRole('table', { name: 'Payment History' });
    await within(table).findByText('Weekly suppliers');
    const cut = within(row(table, 12)).getByTestId('batch-name-truncated');
    expect(cut).toHaveTextContent('A very long Nov...');
    expect(cut).toHaveTextContent('A very long November payroll name');
    await userEvent.hover(cut);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('A very long November payroll name');
  });

  it('offers an admin "Review Batch" on validated and pending batches, and a receipt on processed or failed ones', async () => {
    installFakeFetch({ [`GET ${BATCHES}`]: { body: makeListing(rows) } });
    renderPane(1);
    const table = await screen.findByRole('table', { name: 'Payment History' });
    await within(table).findByText('Weekly suppliers');
    const reviews = within(table).getAllByRole('link', { name: /^Review Batch/ });
    expect(reviews.map((link) => link.getAttribute('href'))).toEqual([
      '/1001/lynk-wallet/payment-history/review/15',
      '/1001/lynk-wallet/payment-history/review/16',
    ]);
    const receipts = within(table).getAllByRole('button', { name: /^Receipt/ });
    expect(receipts.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Receipt of batch 11',
      'Receipt of batch 12',
      'Receipt of batch 18',
    ]);
  });

  it('offers a manager "Review Batch" on a validated batch and on one they sent for approval, never on another\'s pending batch', async () => {
    const own = [
      makeBatch(19, { status: 'PENDING_APPROVAL', created_by_id: 'user_1', requested_by_id: 'user_1' }),
      makeBatch(20, { status: 'PENDING_APPROVAL', requested_by_id: 'user_1' }),
    ];
    installFakeFetch({ [`GET ${BATCHES}`]: { body: makeListing([...rows, ...own]) } });
    renderPane(2);
    const table = await screen.findByRole('table', { name: 'Payment History' });
    await within(table).findByText('Weekly suppliers');
    // 15 is Maria Manager's, waiting for an admin: the signed-in manager has nothing to do on it.
    const reviews = within(table).getAllByRole('link', { name: /^Review Batch/ });
    expect(reviews.map((link) => link.getAttribute('href'))).toEqual([
      '/1001/lynk-wallet/payment-history/review/16',
      '/1001/lynk-wallet/payment-history/review/19',
      '/1001/lynk-wallet/payment-history/review/20',
    ]);
    expect(within(table).getAllByRole('button', { name: /^Receipt/ })).toHaveLength(3);
  });

  it('shows the batch a manager left with "Resume Later" as validated, with "Review Batch" to come back to it', async () => {
    let validated = false;
    installFakeFetch({
      // The list was read when the batch was uploaded, before its validation ended.
      [`GET ${BATCHES}`]: () => ({
        body: makeListing([
          makeBatch(42, { status: validated ? 'VALIDATED' : 'NEW', created_by_id: 'user_1' }),
        ]),
      }),
      [`GET ${BATCHES}/42`]: () => {
        validated = true;
        return { body: { data: makeBatch(42, { created_by_id: 'user_1' }) } };
      },
      [WEEKLY_LIMIT]: weeklyLimitBody(2_000_000_00),
    });
    hideModal();
    renderWithProviders(
      <>
        <PaymentHistoryPane />
        <Button onClick={() => openModal('batch-payments', { batchId: 42 }, { title: 'Confirm payment' })}>
          Open
        </Button>
      </>,
      {
        path: '/1001/lynk-wallet/payment-history',
        session: makeSession(2),
        organization: makeOrganization({ accounts: BRANCH_ACCOUNTS }),
        overlays: true,
      },
    );
    const table = await screen.findByRole('table', { name: 'Payment History' });
    expect(await within(table).findByText('New')).toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: /Review Batch/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm payment' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Resume Later' }));
    expect(await within(table).findByText('Validated')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Review Batch 42' })).toHaveAttribute(
      'href',
      '/1001/lynk-wallet/payment-history/review/42',
    );
  });

  it('downloads receipt.csv from the receipt route', async () => {
    const createObjectURL = vi.fn(() => 'blob:receipt');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { requests } = installFakeFetch({
      [`GET ${BATCHES}`]: { body: makeListing(rows) },
      [`GET ${BATCHES}/11/receipt`]: {
        body: { data: { file_name: 'receipt.csv', csv: btoa('row,lynk_id\n1,marcia.campbell\n') } },
      },
    });
    renderPane();
    await userEvent.click(await screen.findByRole('button', { name: 'Receipt of batch 11' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    expect(requests.map((request) => request.path)).toContain(`${BATCHES}/11/receipt`);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('receipt.csv');
    click.mockRestore();
  });

  it("asks for the URL's date filter, sort and page, and shows the empty state when the call fails", async () => {
    const { requests } = installFakeFetch({
      [`GET ${BATCHES}`]: { status: 500, body: { code: 'X', message: 'x' } },
    });
    renderPane(1, '/1001/lynk-wallet/payment-history?from=2026-11-01&to=2026-11-23&sort=ASC&page=2');
    expect(await screen.findByText("We're coming up empty")).toBeInTheDocument();
    expect(requests[0]?.path).toBe(
      `${BATCHES}?offset=25&limit=25&sort=ASC&from_utc=2026-11-01&to_utc=2026-11-23`,
    );
  });
});
