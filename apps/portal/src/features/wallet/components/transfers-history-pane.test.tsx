import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFakeFetch } from '@/test/fake-fetch';
import { makeAccount, makeCbdcPayment, makeListing, makeSession, makeTransfer } from '@/test/fixtures';
import { makeOrganization, renderWithProviders } from '@/test/render';
import { CbdcPaymentsPane } from './cbdc-payments-pane';
import { TransfersHistoryPane } from './transfers-history-pane';

const TRANSFERS = '/api/account/v2/connected-account-transactions';

const rows = [
  makeTransfer(1, { total: 1500_00, status: 'COMPLETED', type: 'CASH OUT' }),
  makeTransfer(2, {
    from: 'NCB ****1234',
    to: 'Main wallet',
    total: 75_25,
    commission: 1_50,
    gct: 23,
    status: 'FAILED',
    type: 'CASH IN',
    failure_reason: null,
  }),
];

function renderPane(wallet: 'main' | 'cbdc', path = '/1001/lynk-wallet/transfers-history') {
  return renderWithProviders(<TransfersHistoryPane wallet={wallet} />, {
    path,
    session: makeSession(2),
    organization: makeOrganization({
      accounts: [makeAccount('LYNK', 1), makeAccount('CBDC', 2)],
      hasCbdc: true,
    }),
    overlays: true,
  });
}

describe('TransfersHistoryPane', () => {
  it('lists the transfers with their columns, J$ totals, Jamaica times and status labels', async () => {
    const { requests } = installFakeFetch({
      [`GET ${TRANSFERS}`]: { body: makeListing(rows, { total: 2 }) },
    });
    renderPane('main');
    const table = await screen.findByRole('table', { name: 'Transfers History' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Transfer ID', 'From', 'To', 'Date', 'Total', 'Type', 'Status', 'Details']);
    const first = await within(table).findByRole('row', { name: /TRF-000001/ });
    expect(within(first).getByText('J$1,500.00')).toBeInTheDocument();
    // 15:30 UTC is 10:30 in Jamaica.
    expect(within(first).getByText('20/11/2026 10:30')).toBeInTheDocument();
    expect(within(first).getByText('Completed')).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /TRF-000002/ })).toHaveTextContent('Failed');
    expect(screen.getByText('Showing 1-2 of 2 entries')).toBeInTheDocument();
    expect(requests[0]?.path).toBe(`${TRANSFERS}?offset=0&limit=25&sort=DESC&jam-dex-only=false`);
  });

  it("asks for the JAM-DEX wallet's own transfers, with the URL's filter, sort and page", async () => {
    const { requests } = installFakeFetch({ [`GET ${TRANSFERS}`]: { body: makeListing([], { total: 0 }) } });
    renderPane('cbdc', '/1001/jamdex-wallet/transfers-history?from=2026-11-01&to=2026-11-23&sort=ASC&page=2');
    expect(await screen.findByText("We're coming up empty")).toBeInTheDocument();
    expect(requests[0]?.path).toBe(
      `${TRANSFERS}?offset=25&limit=25&sort=ASC&from_utc=2026-11-01&to_utc=2026-11-23&jam-dex-only=true`,
    );
  });

  it('asks again in the other order when the date header is pressed', async () => {
    const { requests } = installFakeFetch({ [`GET ${TRANSFERS}`]: { body: makeListing(rows) } });
    renderPane('main');
    await screen.findByRole('row', { name: /TRF-000001/ });
    await userEvent.click(screen.getByRole('button', { name: 'Date' }));
    await vi.waitFor(() =>
      expect(requests.map((request) => new URL(request.path, 'http://x').searchParams.get('sort'))).toEqual([
        'DESC',
        'ASC',
      ]),
    );
  });

  it('shows an empty table when the history cannot be read', async () => {
    installFakeFetch({ [`GET ${TRANSFERS}`]: { status: 500, body: { code: 'INTERNAL', message: 'Boom' } } });
    renderPane('main');
    expect(await screen.findByText("We're coming up empty")).toBeInTheDocument();
  });

  it('opens the details of a failed transfer with its fees and why the money went back', async () => {
    installFakeFetch({ [`GET ${TRANSFERS}`]: { body: makeListing(rows) } });
    renderPane('main');
    await userEvent.click(await screen.findByRole('button', { name: 'View details of TRF-000002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer details' });
    await within(dialog).findByText('Transfer ID');
    const value = (label: string) =>
      within(dialog).getByText(label).closest('div')?.querySelector('dd')?.textContent;
    expect(value('Transfer ID')).toBe('TRF-000002');
    expect(value('From')).toBe('NCB ****1234');
    expect(value('Commission')).toBe('J$1.50');
    expect(value('GCT')).toBe('J$0.23');
    expect(value('Total')).toBe('J$75.25');
    expect(value('Reason')).toBe(
      'The recipient was not able to get the funds and the monies has been returned to the sender',
    );
  });

  it('gives a completed transfer no reason row', async () => {
    installFakeFetch({ [`GET ${TRANSFERS}`]: { body: makeListing(rows) } });
    renderPane('main');
    await userEvent.click(await screen.findByText('TRF-000001'));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer details' });
    expect(await within(dialog).findByText('TRF-000001')).toBeInTheDocument();
    expect(within(dialog).queryByText('Reason')).not.toBeInTheDocument();
  });
});

describe('CbdcPaymentsPane', () => {
  it('lists payments received into the JAM-DEX account, asked for by its account reference', async () => {
    const { requests } = installFakeFetch({
      'GET /api/account/v1/accounts/JAMDEX-1001/payments': {
        body: makeListing([makeCbdcPayment(1), makeCbdcPayment(2, { status: 'Failure', amount: 10 })]),
      },
    });
    const cbdc = { ...makeAccount('CBDC', 2), details: { account_id: 'JAMDEX-1001', currency: 'JAM-DEX' } };
    renderWithProviders(<CbdcPaymentsPane />, {
      path: '/1001/jamdex-wallet/payments',
      session: makeSession(2),
      organization: makeOrganization({ accounts: [makeAccount('LYNK', 1), cbdc], hasCbdc: true }),
    });
    const table = await screen.findByRole('table', { name: 'Payments' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Payment ID', 'Date', 'From', 'Amount', 'Status']);
    const second = await within(table).findByRole('row', { name: /PAY-000002/ });
    expect(within(second).getByText('J$0.10')).toBeInTheDocument();
    expect(within(second).getByText('Failure')).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /PAY-000001/ })).toHaveTextContent('Success');
    expect(requests[0]?.path).toBe(
      '/api/account/v1/accounts/JAMDEX-1001/payments?offset=0&limit=25&sort=DESC',
    );
  });

  it('asks the server for the oldest payments first when the Date header is pressed', async () => {
    const { requests } = installFakeFetch({
      'GET /api/account/v1/accounts/JAMDEX-1001/payments': { body: makeListing([makeCbdcPayment(1)]) },
    });
    const cbdc = { ...makeAccount('CBDC', 2), details: { account_id: 'JAMDEX-1001', currency: 'JAM-DEX' } };
    renderWithProviders(<CbdcPaymentsPane />, {
      path: '/1001/jamdex-wallet/payments',
      session: makeSession(2),
      organization: makeOrganization({ accounts: [makeAccount('LYNK', 1), cbdc], hasCbdc: true }),
    });
    const header = await screen.findByRole('columnheader', { name: /Date/ });
    expect(header).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(within(header).getByRole('button', { name: 'Date' }));
    await vi.waitFor(() =>
      expect(requests.at(-1)?.path).toBe(
        '/api/account/v1/accounts/JAMDEX-1001/payments?offset=0&limit=25&sort=ASC',
      ),
    );
    expect(screen.getByRole('columnheader', { name: /Date/ })).toHaveAttribute('aria-sort', 'ascending');
  });
});
