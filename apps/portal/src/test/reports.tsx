/** What the reports feature's tests share: a page whose button opens a modal inside the hosts. */
import { formatDate } from '@lynk/contract/dates';
import type { Report } from '@lynk/contract/reporting';
import type { SessionIdentity } from '@lynk/contract/session';
import { Button } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hideModal } from '@/lib/modal-registry';
import { installFakeFetch, type FakeRoutes } from '@/test/fake-fetch';
import { makeSession } from '@/test/fixtures';
import { makeOrganization, renderWithProviders } from '@/test/render';

export const EXPORT = '/api/reporting/v2/transfers/exports/csv';
export const LAST = '/api/reporting/v2/transfers/exports';

/** A calendar day `days` from today in Jamaica, as typed (DD/MM/YYYY) and as sent (YYYY-MM-DD). */
export function day(days: number) {
  const date = new Date(Date.now() + days * 86_400_000);
  return { typed: formatDate(date, 'DD/MM/YYYY'), sent: formatDate(date, 'YYYY-MM-DD') };
}

export function makeReport(id: number, overrides: Partial<Report> = {}): Report {
  return {
    id: String(id),
    file_name: `lynk_2026-11-0${id}_to_2026-11-20.csv`,
    wallet: 'lynk',
    tables: ['Orders', 'Transfers'],
    start: `2026-11-0${id}`,
    end: '2026-11-20',
    entries: 12,
    created_at: '2026-11-20T15:30:00.000Z',
    downloadable: true,
    ...overrides,
  };
}

export async function renderOpener(
  open: () => void,
  { routes = {}, session = makeSession(2) }: { routes?: FakeRoutes; session?: SessionIdentity } = {},
) {
  // The registry is a module-level store: a modal a previous test left open must not linger.
  hideModal();
  const server = installFakeFetch(routes);
  const view = renderWithProviders(<Button onClick={open}>Open</Button>, {
    path: '/1001/lynk-wallet/orders',
    session,
    organization: makeOrganization(),
    overlays: true,
  });
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  return { ...view, ...server };
}
