/**
 * What the orders feature's tests share: orders and refunds as the API sends them, the fake
 * routes, and a page where a button opens any of the feature's modals inside the modal host.
 */
import type { Order, Refund } from '@lynk/contract/orders';
import type { RoleId } from '@lynk/contract/roles';
import { Button } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hideModal } from '@/lib/modal-registry';
import { installFakeFetch, type FakeRoutes } from '@/test/fake-fetch';
import { makeAccount, makeSession } from '@/test/fixtures';
import { makeOrganization, renderWithProviders } from '@/test/render';

export const ORDERS = '/api/payment/customer-transactions';
export const REFUNDS = '/api/payment/refund-transactions';
/** The main wallet (account 1) whose balance decides whether a refund may be issued. */
const BALANCE = '/api/account/v2/accounts/1/balance';

export function balanceRoute(cents: number): FakeRoutes {
  return { [`GET ${BALANCE}`]: { body: { data: { balance: cents, currency: 'JMD' } } } };
}

/** A paid order of J$1,000.00 with J$25.00 commission and J$3.75 GCT, unless overridden. */
export function makeOrder(index: number, overrides: Partial<Order> = {}): Order {
  return {
    m_order_id: String(1000 + index),
    transfer_id: `TRF-ORD-${index}`,
    external_transaction_id: null,
    lynk_id: '@marcia',
    datetime: '2026-11-20T15:30:00.000Z',
    amount_to_pay: 1000_00,
    fee: 25_00,
    tax: 3_75,
    status: 'PAID',
    channel: 'PAYMENT_LINK',
    cashier_name: null,
    description: '',
    amount_refunded: 0,
    ...overrides,
  };
}

export function makeRefund(index: number, overrides: Partial<Refund> = {}): Refund {
  return {
    refund_transfer_id: `RFD-${index}`,
    transactionID: String(1000 + index),
    external_transaction_id: null,
    source_user_name: 'Jane Brown',
    from: 'Kingston Coffee Co.',
    to: '@marcia',
    date: '2026-11-21',
    datetime: '2026-11-21T15:30:00.000Z',
    amount_to_refund: 250_00,
    commission_refund: 6_25,
    gct_refund: 94,
    motif: 'WRONG',
    description: '',
    refund_status: 'COMPLETED',
    ...overrides,
  };
}

/** Renders a button that runs `open`, with the modal and toast hosts, for a user of `roleId`. */
export async function renderOpener(
  open: () => void,
  { routes = {}, roleId = 2 }: { routes?: FakeRoutes; roleId?: RoleId } = {},
) {
  // The registry is a module-level store: a modal a previous test left open must not be "previous".
  hideModal();
  const server = installFakeFetch(routes);
  const view = renderWithProviders(<Button onClick={open}>Open</Button>, {
    path: '/1001/lynk-wallet/orders',
    session: makeSession(roleId),
    organization: makeOrganization({ accounts: [makeAccount('LYNK', 1)] }),
    overlays: true,
  });
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  return { ...view, ...server };
}
