import { ROLE_PERMISSIONS } from '@lynk/contract/roles';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeSession } from '@/test/fixtures';
import { makeOrganization, renderRoutes, renderWithProviders } from '@/test/render';
import { FirstWalletTab, WalletTabRoute } from './wallet-tab-routes';
import { WalletDashboard } from './wallet-dashboard';
import type { WalletKind } from '../tabs';
import { WALLET_TABS } from '../tabs';

function renderWallet(wallet: WalletKind, path: string, permissions: readonly string[], role = 'Admin') {
  const base = wallet === 'main' ? 'lynk-wallet' : 'jamdex-wallet';
  return renderWithProviders(<WalletDashboard wallet={wallet} />, {
    session: makeSession(1, { permissions: [...permissions], role }),
    organization: makeOrganization({ hasCbdc: true }),
    path,
    pattern: `/:org/${base}/*`,
  });
}

function tabNames(): string[] {
  const list = screen.getByRole('tablist', { name: 'Wallet sections' });
  return within(list)
    .getAllByRole('tab')
    .map((tab) => tab.textContent ?? '');
}

describe('wallet tab bar', () => {
  it('is a set of real tabs: the arrow keys move to the next tab and open it', async () => {
    const { router } = renderWallet('main', '/1001/lynk-wallet/orders', ROLE_PERMISSIONS[1]);
    const orders = screen.getByRole('tab', { name: 'Orders' });
    expect(orders).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Refunds' })).toHaveAttribute('tabindex', '-1');
    orders.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Transfers History' })).toHaveFocus();
    expect(router.state.location.pathname).toBe('/1001/lynk-wallet/transfers-history');
    await userEvent.keyboard('{ArrowLeft}');
    expect(router.state.location.pathname).toBe('/1001/lynk-wallet/orders');
  });

  it.each([
    ['cashier', ROLE_PERMISSIONS[3], ['Orders']],
    ['manager', ROLE_PERMISSIONS[2], ['Orders', 'Transfers History', 'Refunds', 'Payment History']],
    ['admin', ROLE_PERMISSIONS[1], ['Orders', 'Transfers History', 'Refunds', 'Payment History']],
    ['super admin', ROLE_PERMISSIONS[4], ['Orders', 'Transfers History', 'Refunds', 'Payment History']],
  ])('main wallet shows exactly the tabs a %s may see', (_role, permissions, expected) => {
    renderWallet('main', '/1001/lynk-wallet/orders', permissions);
    expect(tabNames()).toEqual(expected);
  });

  it.each([
    ['cashier', ROLE_PERMISSIONS[3], ['Payments']],
    ['manager', ROLE_PERMISSIONS[2], ['Payments', 'Transfers History']],
    ['admin', ROLE_PERMISSIONS[1], ['Payments', 'Transfers History']],
  ])('JAM-DEX shows exactly the tabs a %s may see', (_role, permissions, expected) => {
    renderWallet('cbdc', '/1001/jamdex-wallet/payments', permissions);
    expect(tabNames()).toEqual(expected);
  });

  it('makes every tab a real link to its path and marks the active one', () => {
    renderWallet('main', '/1001/lynk-wallet/refunds', ROLE_PERMISSIONS[2]);
    const refunds = screen.getByRole('tab', { name: 'Refunds' });
    expect(refunds.tagName).toBe('A');
    expect(refunds).toHaveAttribute('href', '/1001/lynk-wallet/refunds');
    expect(refunds).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tab', { name: 'Orders' })).toHaveAttribute('href', '/1001/lynk-wallet/orders');
  });

  it('shows Access Denied when the user may see no tab at all', () => {
    renderWallet('main', '/1001/lynk-wallet', ['read:profile']);
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.getByText("You don't have permissions to view this page.")).toBeInTheDocument();
  });

  it('shows two tabs at a time with arrows and page dots on a smartphone when there are more than three', async () => {
    window.innerWidth = 375;
    renderWallet('main', '/1001/lynk-wallet/orders', ROLE_PERMISSIONS[2]);
    expect(tabNames()).toEqual(['Orders', 'Transfers History']);
    expect(screen.getByTestId('tab-page-dots').children).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Previous tabs' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next tabs' }));
    expect(tabNames()).toEqual(['Refunds', 'Payment History']);
    expect(screen.getByRole('button', { name: 'Next tabs' })).toBeDisabled();
  });

  it('opens the smartphone tab page that holds the active tab', () => {
    window.innerWidth = 375;
    renderWallet('main', '/1001/lynk-wallet/payment-history', ROLE_PERMISSIONS[2]);
    expect(tabNames()).toEqual(['Refunds', 'Payment History']);
  });

  it('keeps all tabs on a smartphone when there are three or fewer', () => {
    window.innerWidth = 375;
    renderWallet('cbdc', '/1001/jamdex-wallet/payments', ROLE_PERMISSIONS[2]);
    expect(tabNames()).toEqual(['Payments', 'Transfers History']);
    expect(screen.queryByRole('button', { name: 'Next tabs' })).not.toBeInTheDocument();
  });
});

describe('wallet tab routes', () => {
  function renderWalletRoutes(path: string, permissions: readonly string[]) {
    return renderRoutes(
      [
        {
          path: '/:org/lynk-wallet',
          element: <WalletDashboard wallet="main" />,
          children: [
            { index: true, element: <FirstWalletTab wallet="main" /> },
            ...WALLET_TABS.main.map((tab) => ({
              path: tab.value,
              element: <WalletTabRoute wallet="main" tab={tab.value} />,
            })),
          ],
        },
      ],
      { session: makeSession(1, { permissions: [...permissions] }), path },
    );
  }

  it('sends the wallet index to the first allowed tab', async () => {
    const { router } = renderWalletRoutes('/1001/lynk-wallet', ROLE_PERMISSIONS[2]);
    expect(await screen.findByRole('heading', { name: 'Orders', level: 3 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/1001/lynk-wallet/orders');
  });

  it('redirects a tab the user may not see to the first allowed one', async () => {
    const { router } = renderWalletRoutes('/1001/lynk-wallet/refunds', ROLE_PERMISSIONS[3]);
    expect(await screen.findByRole('heading', { name: 'Orders', level: 3 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/1001/lynk-wallet/orders');
  });

  it('renders each pane as a titled section and nothing else', async () => {
    renderWalletRoutes('/1001/lynk-wallet/transfers-history', ROLE_PERMISSIONS[2]);
    const pane = await screen.findByTestId('wallet-pane-transfers-history');
    expect(within(pane).getByRole('heading', { name: 'Transfers History' })).toBeInTheDocument();
    expect(within(pane).queryByRole('table')).not.toBeInTheDocument();
  });
});
