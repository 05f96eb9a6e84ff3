import type { RoleId } from '@lynk/contract/roles';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFakeFetch } from '@/test/fake-fetch';
import { makeAccount, makeListing, makeSession } from '@/test/fixtures';
import { makeOrganization, renderWithProviders } from '@/test/render';
import { ORDERS, balanceRoute, makeOrder } from '@/test/orders';
import { OrdersPane } from './orders-pane';

const rows = [
  makeOrder(1, { amount_to_pay: 1500_00, fee: 37_50, tax: 5_63 }),
  makeOrder(2, {
    status: 'RECEIVED',
    transfer_id: null,
    lynk_id: null,
    channel: 'SCAN_AND_PAY',
    description: 'Two flat whites',
  }),
];

function renderPane(roleId: RoleId = 2, path = '/1001/lynk-wallet/orders') {
  return renderWithProviders(<OrdersPane />, {
    path,
    session: makeSession(roleId),
    organization: makeOrganization({ accounts: [makeAccount('LYNK', 1)] }),
    overlays: true,
  });
}

const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);

describe('OrdersPane', () => {
  it('lists the orders with their columns, J$ amounts, Jamaica times and status labels', async () => {
    const { requests } = installFakeFetch({ [`GET ${ORDERS}`]: { body: makeListing(rows, { total: 2 }) } });
    renderPane();
    const table = await screen.findByRole('table', { name: 'Orders' });
    expect(headers(table)).toEqual([
      'Order ID',
      'Transfer ID',
      'Lynk ID',
      'Date',
      'Amount',
      'Commission',
      'GCT',
      'Status',
      'Details',
    ]);
    const first = await within(table).findByRole('row', { name: /1001/ });
    expect(within(first).getByText('TRF-ORD-1')).toBeInTheDocument();
    expect(within(first).getByText('@marcia')).toBeInTheDocument();
    // 15:30 UTC is 10:30 in Jamaica.
    expect(within(first).getByText('20/11/2026 10:30')).toBeInTheDocument();
    expect(within(first).getByText('J$1,500.00')).toBeInTheDocument();
    expect(within(first).getByText('J$37.50')).toBeInTheDocument();
    expect(within(first).getByText('J$5.63')).toBeInTheDocument();
    expect(within(first).getByText('Paid')).toBeInTheDocument();
    // Spec section 4: RECEIVED is shown as "Awaiting Payment".
    expect(within(table).getByRole('row', { name: /1002/ })).toHaveTextContent('Awaiting Payment');
    expect(screen.getByText('Showing 1-2 of 2 entries')).toBeInTheDocument();
    expect(requests[0]?.path).toBe(`${ORDERS}?offset=0&limit=25&sort=DESC`);
  });

  it('shows a cashier the commission and GCT of their orders: what the merchant nets is part of the order', async () => {
    installFakeFetch({ [`GET ${ORDERS}`]: { body: makeListing(rows) } });
    renderPane(3);
    const table = await screen.findByRole('table', { name: 'Orders' });
    const first = await within(table).findByRole('row', { name: /1001/ });
    expect(headers(table)).toContain('Commission');
    expect(headers(table)).toContain('GCT');
    expect(within(first).getByText('J$37.50')).toBeInTheDocument();
    expect(within(first).getByText('J$5.63')).toBeInTheDocument();
  });

  it('says beside "Paid" how much of a partly refunded order went back, and nothing for the others', async () => {
    const listed = [
      makeOrder(1, { amount_to_pay: 2000_00, amount_refunded: 510_58 }),
      makeOrder(2, { status: 'REFUNDED', amount_refunded: 1000_00 }),
      makeOrder(3),
    ];
    installFakeFetch({ [`GET ${ORDERS}`]: { body: makeListing(listed, { total: 3 }) } });
    renderPane();
    const table = await screen.findByRole('table', { name: 'Orders' });
    await within(table).findByRole('row', { name: /1001/ });
    const statusOf = (id: string) => {
      const row = within(table).getByRole('row', { name: new RegExp(id) });
      return within(row).getAllByRole('cell')[headers(table).indexOf('Status')]!;
    };
    expect(within(statusOf('1001')).getByText('Paid')).toBeInTheDocument();
    expect(within(statusOf('1001')).getByText('J$510.58 refunded')).toBeInTheDocument();
    // A full refund says so in its status; an order nothing went back of reads "Paid" alone.
    expect(statusOf('1002')).toHaveTextContent(/^Refunded$/);
    expect(statusOf('1003')).toHaveTextContent(/^Paid$/);
  });

  it("asks for the URL's date filter, sort and page", async () => {
    const { requests } = installFakeFetch({ [`GET ${ORDERS}`]: { body: makeListing([], { total: 0 }) } });
    renderPane(2, '/1001/lynk-wallet/orders?from=2026-11-01&to=2026-11-23&sort=ASC&page=3');
    expect(await screen.findByText("We're coming up empty")).toBeInTheDocument();
    expect(requests[0]?.path).toBe(
      `${ORDERS}?offset=50&limit=25&sort=ASC&from_utc=2026-11-01&to_utc=2026-11-23`,
    );
  });

  it('asks again, oldest first, when the Date header is pressed', async () => {
    const { requests } = installFakeFetch({ [`GET ${ORDERS}`]: { body: makeListing(rows) } });
    renderPane();
    await screen.findByRole('row', { name: /1001/ });
    await userEvent.click(screen.getByRole('button', { name: 'Date' }));
    await vi.waitFor(() => expect(requests.at(-1)?.path).toBe(`${ORDERS}?offset=0&limit=25&sort=ASC`));
  });

  it('shows the empty state when the orders cannot be read', async () => {
    installFakeFetch({ [`GET ${ORDERS}`]: { status: 500, body: { code: 'INTERNAL', message: 'Boom' } } });
    renderPane();
    expect(await screen.findByText("We're coming up empty")).toBeInTheDocument();
    expect(
      screen.getByText('Sorry, we have not found anything to return at this point.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('opens the details of a row with its channel, status label and note', async () => {
    installFakeFetch({ [`GET ${ORDERS}`]: { body: makeListing(rows) }, ...balanceRoute(5000_00) });
    renderPane();
    await userEvent.click(await screen.findByRole('button', { name: 'View details of 1002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order details' });
    await within(dialog).findByText('Order ID');
    const value = (label: string) =>
      within(dialog).getByText(label).closest('div')?.querySelector('dd')?.textContent;
    expect(value('Order ID')).toBe('1002');
    expect(value('Transfer ID')).toBe('—');
    expect(value('Channel')).toBe('Scan And Pay');
    expect(value('Status')).toBe('Awaiting Payment');
    expect(value('Amount')).toBe('J$1,000.00');
    expect(value('Commission')).toBe('J$25.00');
    expect(value('GCT')).toBe('J$3.75');
    expect(value('Note')).toBe('Two flat whites');
  });
});
