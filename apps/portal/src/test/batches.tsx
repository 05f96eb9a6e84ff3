/**
 * What the batches feature's tests share: batches as the API sends them, their routes, and a page
 * where a button opens any of the feature's modals inside the modal host.
 */
import type { Batch } from '@lynk/contract/batches';
import type { RoleId } from '@lynk/contract/roles';
import type { Account } from '@lynk/contract/accounts';
import { Button } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hideModal } from '@/lib/modal-registry';
import { installFakeFetch, type FakeRoutes } from '@/test/fake-fetch';
import { makeAccount, makeLimit, makeSession } from '@/test/fixtures';
import { makeOrganization, renderWithProviders } from '@/test/render';

export const BATCHES = '/api/payment/batch-payments';
export const batchRoute = (id: number) => `${BATCHES}/${id}`;

/**
 * A validated batch of 3 payees: J$4,500.00, 1 % fee J$45.00, GCT J$6.75, total J$4,551.75,
 * uploaded by Maria Manager (user 7, not the signed-in `user_1`), unless overridden.
 */
export function makeBatch(id: number, overrides: Partial<Batch> = {}): Batch {
  return {
    id,
    name: 'November payroll',
    status: 'VALIDATED',
    payee_count: 3,
    subtotal: 4500_00,
    lynk_fee: 45_00,
    lynk_fee_gct: 6_75,
    total: 4551_75,
    created_at: '2026-11-20T15:30:00.000Z',
    created_by: 'Maria Manager',
    created_by_id: '7',
    requested_by_id: null,
    completed_at: null,
    reviewed_at: null,
    reviewed_by: null,
    merchant_id: 1001,
    account_id: null,
    account_type: null,
    cash_in_id: null,
    rows_checked: 3,
    rows_total: 3,
    payees_not_paid: 0,
    error: null,
    ...overrides,
  };
}

/** The batch Maria Manager sent for approval: what an admin approves. */
export const pendingBatch = (id: number, overrides: Partial<Batch> = {}) =>
  makeBatch(id, { status: 'PENDING_APPROVAL', requested_by_id: '7', ...overrides });

export const batchBody = (batch: Batch) => ({ body: { data: batch } });

/** The main wallet's weekly batch limit (spec section 7): period 2, transfer type MBATCH. */
export const WEEKLY_LIMIT = 'GET /api/account/v1/accounts/1/limits?period=2&transfer_type=MBATCH';

/** The weekly limit's answer with `remaining` cents left of J$2,000,000 this week. */
export const weeklyLimitBody = (remaining: number) => ({
  body: { data: makeLimit('MBATCH', 2_000_000_00, 2_000_000_00 - remaining) },
});

/** The main wallet (1) and a linked bank account (3). */
export const BRANCH_ACCOUNTS: Account[] = [makeAccount('LYNK', 1), makeAccount('BANK_ACCOUNT', 3)];

/** Renders a button that runs `open`, with the modal and toast hosts, for a user of `roleId`. */
export async function renderOpener(
  open: () => void,
  { routes = {}, roleId = 1 }: { routes?: FakeRoutes; roleId?: RoleId } = {},
) {
  // The registry is a module-level store: a modal a previous test left open must not be "previous".
  hideModal();
  // The whole weekly limit is left unless a test says otherwise: no warning on the Confirm screen.
  const server = installFakeFetch({ [WEEKLY_LIMIT]: weeklyLimitBody(2_000_000_00), ...routes });
  const view = renderWithProviders(<Button onClick={open}>Open</Button>, {
    path: '/1001/lynk-wallet/payment-history',
    session: makeSession(roleId),
    organization: makeOrganization({ accounts: BRANCH_ACCOUNTS }),
    overlays: true,
  });
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  return { ...view, ...server };
}
