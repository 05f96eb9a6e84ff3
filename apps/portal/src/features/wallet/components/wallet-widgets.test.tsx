import { ROLE_PERMISSIONS } from '@lynk/contract/roles';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, type FakeResponse } from '@/test/fake-fetch';
import { makeAccount, makeLimit, makeSession } from '@/test/fixtures';
import { makeOrganization, renderWithProviders } from '@/test/render';
import { resetBalanceVisibility } from '../hooks/use-balance-visibility';
import { BalanceWidget } from './balance-widget';
import { WalletWidgets } from './wallet-widgets';

const accounts = [makeAccount('LYNK', 1), makeAccount('CBDC', 2)];

const limitRoutes = {
  'GET /api/account/v1/accounts/1/limits?period=2&transfer_type=MBATCH': {
    body: { data: makeLimit('MBATCH', 500_000_00, 100_000_00) },
  },
  'GET /api/account/v1/accounts/1/limits?period=1&transfer_type=TOP': {
    body: { data: makeLimit('TOP', 100_000_00, 60_000_00) },
  },
  'GET /api/account/v1/accounts/1/limits?period=1&transfer_type=ACH_CASHOUT': {
    body: { data: makeLimit('ACH_CASHOUT', 100_000_00, 90_000_00) },
  },
};

function renderWidgets(wallet: 'main' | 'cbdc', permissions: readonly string[] = ROLE_PERMISSIONS[1]) {
  return renderWithProviders(<WalletWidgets wallet={wallet} />, {
    session: makeSession(1, { permissions: [...permissions] }),
    organization: makeOrganization({ accounts, hasCbdc: true }),
  });
}

afterEach(resetBalanceVisibility);

describe('BalanceWidget', () => {
  it('stays revealed when the widget is mounted again (the widget row re-lays itself out)', async () => {
    installFakeFetch({
      'GET /api/account/v2/accounts/1/balance': { body: { data: { balance: 500_00, currency: 'JMD' } } },
    });
    const first = renderWithProviders(<BalanceWidget orgId="org_1001" accountId={1} title="Balance" />);
    await userEvent.click(screen.getByRole('button', { name: 'Show balance' }));
    expect(await screen.findByText('J$500.00')).toBeInTheDocument();
    first.unmount();
    renderWithProviders(<BalanceWidget orgId="org_1001" accountId={1} title="Balance" />);
    expect(await screen.findByText('J$500.00')).toBeInTheDocument();
  });

  it('shows masked stars until revealed, then loads and shows the balance in J$', async () => {
    const { requests } = installFakeFetch({
      'GET /api/account/v2/accounts/1/balance': {
        body: { data: { balance: 1_234_567_89, currency: 'JMD' } },
      },
    });
    renderWithProviders(<BalanceWidget orgId="org_1001" accountId={1} title="Balance" />);
    expect(screen.getByTestId('balance-amount')).toHaveTextContent('J$ ****');
    // Nothing is read while the amount is hidden.
    expect(requests).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Show balance' }));
    expect(await screen.findByText('J$1,234,567.89')).toBeInTheDocument();
    expect(requests.map((request) => request.path)).toEqual(['/api/account/v2/accounts/1/balance']);

    await userEvent.click(screen.getByRole('button', { name: 'Hide balance' }));
    expect(screen.getByTestId('balance-amount')).toHaveTextContent('J$ ****');
    expect(screen.getByRole('button', { name: 'Show balance' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows 0 when the balance cannot be read', async () => {
    installFakeFetch({
      'GET /api/account/v2/accounts/1/balance': { status: 500, body: { code: 'INTERNAL', message: 'Boom' } },
    });
    renderWithProviders(<BalanceWidget orgId="org_1001" accountId={1} title="Balance" />);
    await userEvent.click(screen.getByRole('button', { name: 'Show balance' }));
    expect(await screen.findByText('J$0.00')).toBeInTheDocument();
  });
});

describe('WalletWidgets', () => {
  it('shows the main wallet balance and the Payments, Cash - In and Cash - Out limits with their bars', async () => {
    installFakeFetch(limitRoutes);
    renderWidgets('main');
    const carousel = screen.getByRole('region', { name: 'Wallet overview' });
    expect(within(carousel).getByTestId('widget-balance')).toBeInTheDocument();

    const payments = within(carousel).getByRole('region', { name: 'Payments' });
    expect(within(payments).getByText('Weekly')).toBeInTheDocument();
    expect(await within(payments).findByText('J$100,000.00 of J$500,000.00 used')).toBeInTheDocument();
    expect(within(payments).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '20');

    const cashIn = within(carousel).getByRole('region', { name: 'Cash - In' });
    expect(within(cashIn).getByText('Daily')).toBeInTheDocument();
    expect(await within(cashIn).findByRole('progressbar')).toHaveAttribute('aria-valuenow', '60');
    expect(within(cashIn).getByTestId('limit-bar')).toHaveAttribute('data-colour', 'warning');

    const cashOut = within(carousel).getByRole('region', { name: 'Cash - Out' });
    expect(await within(cashOut).findByRole('progressbar')).toHaveAttribute('aria-valuenow', '90');
    expect(within(cashOut).getByTestId('limit-bar')).toHaveAttribute('data-colour', 'danger');
  });

  it('shows the default batch limit of J$100 until the real one is read (spec section 9)', async () => {
    let answer: (response: FakeResponse) => void = () => undefined;
    installFakeFetch({
      ...limitRoutes,
      'GET /api/account/v1/accounts/1/limits?period=2&transfer_type=MBATCH': () =>
        new Promise<FakeResponse>((resolve) => {
          answer = resolve;
        }),
    });
    renderWidgets('main');
    const payments = screen.getByTestId('widget-payments-limit');
    expect(within(payments).getByText('J$0.00 of J$100.00 used')).toBeInTheDocument();
    act(() => answer({ body: { data: makeLimit('MBATCH', 500_000_00, 100_000_00) } }));
    expect(await within(payments).findByText('J$100,000.00 of J$500,000.00 used')).toBeInTheDocument();
  });

  it('shows neither balance nor limits without balance read', () => {
    renderWidgets('main', ROLE_PERMISSIONS[3]);
    expect(screen.queryByTestId('widget-carousel')).not.toBeInTheDocument();
    expect(screen.queryByText('J$ ****')).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('hides the widgets the configuration lists', () => {
    installFakeFetch(limitRoutes);
    vi.stubEnv('VITE_HIDDEN_WIDGETS', 'balance, cash-out-limit,unknown');
    renderWidgets('main');
    expect(screen.queryByTestId('widget-balance')).not.toBeInTheDocument();
    expect(screen.queryByTestId('widget-cash-out-limit')).not.toBeInTheDocument();
    expect(screen.getByTestId('widget-payments-limit')).toBeInTheDocument();
    expect(screen.getByTestId('widget-cash-in-limit')).toBeInTheDocument();
    vi.unstubAllEnvs();
  });

  it('shows only the JAM-DEX balance on the JAM-DEX wallet', async () => {
    installFakeFetch({
      'GET /api/account/v2/accounts/2/balance': { body: { data: { balance: 5_00, currency: 'JAM-DEX' } } },
    });
    renderWidgets('cbdc');
    expect(screen.getByRole('region', { name: 'JAM-DEX balance' })).toBeInTheDocument();
    expect(screen.queryByTestId('widget-payments-limit')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show balance' }));
    expect(await screen.findByText('J$5.00')).toBeInTheDocument();
  });

  it('shows a mini balance instead of the carousel on a smartphone', () => {
    window.innerWidth = 375;
    installFakeFetch(limitRoutes);
    renderWidgets('main');
    expect(screen.queryByRole('region', { name: 'Wallet overview' })).not.toBeInTheDocument();
    expect(screen.getByTestId('widget-mini-balance')).toHaveTextContent('J$ ****');
    expect(screen.queryByTestId('widget-cash-in-limit')).not.toBeInTheDocument();
  });
});
