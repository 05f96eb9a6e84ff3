import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { portalServer } from '@/test/fake-server';
import {
  makeAccount,
  makeCbdcPayment,
  makeListing,
  makeProfile,
  makeSession,
  makeTransfer,
} from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { makeBatch } from '@/test/batches';
import { makeMember } from '@/test/staff';

describe('organisation routes', () => {
  it('sends "/:org" to the main wallet', async () => {
    const { router } = renderApp('/1001', portalServer());
    await screen.findByRole('tab', { name: 'Orders' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/1001/lynk-wallet/orders'));
  });

  it('sends the JAM-DEX wallet to "/" without a CBDC account', async () => {
    const { router } = renderApp('/1001/jamdex-wallet/payments', portalServer());
    await screen.findByRole('tab', { name: 'Orders' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/1001/lynk-wallet/orders'));
  });

  it('opens the JAM-DEX wallet on payments with a CBDC account', async () => {
    const { router } = renderApp(
      '/1001/jamdex-wallet',
      portalServer({ accounts: [makeAccount('LYNK', 1), makeAccount('CBDC', 2)] }),
    );
    expect(await screen.findByRole('heading', { level: 3, name: 'Payments' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/1001/jamdex-wallet/payments'));
  });

  it('shows the transfers history table in its tab, opened from a shared link with its view', async () => {
    const { requests } = renderApp(
      '/1001/lynk-wallet/transfers-history?sort=ASC&from=2026-11-01&to=2026-11-23',
      portalServer({
        extra: {
          'GET /api/account/v2/connected-account-transactions': { body: makeListing([makeTransfer(7)]) },
        },
      }),
    );
    const table = await screen.findByRole('table', { name: 'Transfers History' });
    expect(await within(table).findByRole('row', { name: /TRF-000007/ })).toBeInTheDocument();
    expect(screen.getByTestId('date-filter-chip')).toHaveTextContent('Date: "01/11/2026 to 23/11/2026"');
    expect(requests.map((request) => request.path)).toContain(
      '/api/account/v2/connected-account-transactions?offset=0&limit=25&sort=ASC&from_utc=2026-11-01&to_utc=2026-11-23&jam-dex-only=false',
    );
    // The Transfer action and the widgets sit above the tabs.
    expect(screen.getByRole('region', { name: 'Wallet overview' })).toBeInTheDocument();
  });

  it('shows the JAM-DEX payments table on the JAM-DEX wallet', async () => {
    renderApp(
      '/1001/jamdex-wallet/payments',
      portalServer({
        accounts: [makeAccount('LYNK', 1), makeAccount('CBDC', 2)],
        extra: { 'GET /api/account/v1/accounts/acc_2/payments': { body: makeListing([makeCbdcPayment(3)]) } },
      }),
    );
    const table = await screen.findByRole('table', { name: 'Payments' });
    expect(await within(table).findByRole('row', { name: /PAY-000003/ })).toBeInTheDocument();
  });

  it('opens the batch review under payment history, and sends a non-numeric id back', async () => {
    const first = renderApp(
      '/1001/lynk-wallet/payment-history/review/42',
      portalServer({ extra: { 'GET /api/payment/batch-payments/42': { body: { data: makeBatch(42) } } } }),
    );
    const review = await screen.findByTestId('batch-review-42');
    expect(
      await within(review).findByText('Please review this payment and choose an action'),
    ).toBeInTheDocument();
    first.unmount();

    const second = renderApp('/1001/lynk-wallet/payment-history/review/abc', portalServer());
    // Spec section 2: it closes and shows the failure modal, back on the payment history.
    const failure = await screen.findByRole('dialog', {
      name: 'Failure loading the batch transaction details',
    });
    expect(
      within(failure).getByText('There was an error loading the batch transaction. Please try again'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(second.router.state.location.pathname).toBe('/1001/lynk-wallet/payment-history'),
    );
    expect(screen.queryByTestId('batch-review-abc')).not.toBeInTheDocument();
    await userEvent.click(within(failure).getByRole('button', { name: 'Return to Dashboard' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('rejects a batch from its review page and goes back to the payment history', async () => {
    const { router, requests } = renderApp(
      '/1001/lynk-wallet/payment-history/review/42',
      portalServer({
        extra: {
          'GET /api/payment/batch-payments/42': {
            body: { data: makeBatch(42, { status: 'PENDING_APPROVAL' }) },
          },
          'POST /api/payment/batch-payments/42/reject': {
            body: { data: makeBatch(42, { status: 'REJECTED' }) },
          },
          'GET /api/payment/batch-payments': { body: makeListing([makeBatch(42, { status: 'REJECTED' })]) },
        },
      }),
    );
    const review = await screen.findByTestId('batch-review-42');
    await userEvent.click(await within(review).findByRole('button', { name: 'Reject' }));
    const reject = await screen.findByRole('dialog', { name: 'Reject batch ID 42' });
    await userEvent.click(within(reject).getByRole('button', { name: 'Reject' }));
    const rejected = await screen.findByRole('dialog', { name: 'Payment Rejected' });
    expect(within(rejected).getByText('Your payment was rejected')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/1001/lynk-wallet/payment-history'));
    expect(requests.some((request) => request.path === '/api/payment/batch-payments/42/reject')).toBe(true);
  });

  it('shows the batches on the payment history pane', async () => {
    const { requests } = renderApp(
      '/1001/lynk-wallet/payment-history',
      portalServer({
        extra: {
          'GET /api/payment/batch-payments': {
            body: makeListing([makeBatch(7, { status: 'COMPLETED' })]),
          },
        },
      }),
    );
    const pane = await screen.findByTestId('wallet-pane-payment-history');
    const table = await within(pane).findByRole('table', { name: 'Payment History' });
    expect(await within(table).findByRole('row', { name: /November payroll/ })).toHaveTextContent(
      'Processed',
    );
    expect(requests.map((request) => request.path)).toContain(
      '/api/payment/batch-payments?offset=0&limit=25&sort=DESC',
    );
  });

  it('opens the main wallet on orders and JAM-DEX on payments; without that tab, on the first permitted one', async () => {
    const first = renderApp('/1001/lynk-wallet', portalServer());
    await screen.findByTestId('wallet-pane-orders');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/1001/lynk-wallet/orders'));
    first.unmount();

    const noOrders = makeSession(1, { permissions: ['read:cashouts', 'read:refunds'] });
    const second = renderApp('/1001/lynk-wallet', portalServer({ session: noOrders }));
    await screen.findByTestId('wallet-pane-transfers-history');
    await waitFor(() =>
      expect(second.router.state.location.pathname).toBe('/1001/lynk-wallet/transfers-history'),
    );
  });

  it('shows the staff page of an organisation with Dashboard > Staff, its table and Add User', async () => {
    const { requests } = renderApp(
      '/1001/staff',
      portalServer({ extra: { 'GET /api/profile/v3/staff': { body: makeListing([makeMember(3, 3)]) } } }),
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Staff' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Staff' });
    expect(await within(table).findByRole('row', { name: /person3@example.com/ })).toHaveTextContent(
      /Person 3.*Cashier.*Active/,
    );
    expect(screen.getByRole('button', { name: 'Add User' })).toBeInTheDocument();
    // Spec section 7: "The sort is not sent for v3/staff."
    expect(requests.map((request) => request.path)).toContain('/api/profile/v3/staff?offset=0&limit=25');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(crumbs).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/1001/lynk-wallet/orders',
    );
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/1001/lynk-wallet');
  });

  it('gives a super admin in a branch a link to the parent organisation', async () => {
    renderApp(
      '/1001/staff',
      portalServer({
        session: makeSession(4),
        profile: makeProfile({ parent_org_id: 'org_1000', parent_name: 'Lynk Group HQ' }),
      }),
    );
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(crumbs).getByRole('link', { name: 'Lynk Group HQ' })).toHaveAttribute(
      'href',
      '/?parent_org_id=org_1000',
    );
    expect(within(crumbs).getByRole('link', { name: 'Kingston Coffee Co.' })).toHaveAttribute(
      'href',
      '/1001/lynk-wallet/orders',
    );
  });

  it('shows Access Denied on the staff page without staff read', async () => {
    renderApp('/1001/staff', portalServer({ session: makeSession(2) }));
    expect(await screen.findByText("You don't have permissions to view this page.")).toBeInTheDocument();
  });

  it('sends notifications to "all" and shows the group tabs with batch-payments read', async () => {
    const { router } = renderApp('/1001/notifications', portalServer());
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Notifications History' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/1001/notifications/all'));
    const tabs = screen.getByRole('tablist', { name: 'Notification groups' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['All', 'Transaction', 'Batch Payment']);
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/1001/notifications/settings',
    );
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(crumbs).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(within(crumbs).getByText('Notifications')).toBeInTheDocument();
  });

  it('keeps a user without batch-payments read on "all", without group tabs', async () => {
    const { router } = renderApp(
      '/1001/notifications/batch-payment',
      portalServer({ session: makeSession(3) }),
    );
    await screen.findByRole('heading', { level: 2, name: 'Notifications History' });
    expect(await screen.findByTestId('data-table-empty')).toHaveTextContent("We're coming up empty");
    expect(screen.getByTestId('notifications-pane-all')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/1001/notifications/all'));
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('shows notification settings with Dashboard > Notifications > Settings', async () => {
    renderApp(
      '/1001/notifications/settings',
      portalServer({
        extra: {
          'GET /api/profile/notifications-preferences': {
            body: {
              notification_preferences: [
                { code: 'PAYMENT_RECEIVED', name: 'Payment received', enabled: true, editable: true },
              ],
            },
          },
        },
      }),
    );
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(crumbs).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(within(crumbs).getByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'href',
      '/1001/notifications',
    );
    expect(within(crumbs).getByText('Settings')).toBeInTheDocument();
    expect(await screen.findByRole('switch', { name: 'Payment received' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Low balance threshold (J$)' })).toHaveValue('0');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('shows My Profile with the profile and the signed-in user', async () => {
    renderApp('/profile', portalServer({ session: makeSession(2) }));
    expect(await screen.findByRole('heading', { level: 2, name: 'My Profile' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Kingston Coffee Co.' })).toBeInTheDocument();
    const page = within(screen.getByTestId('profile-page'));
    expect(page.getByText('kingstoncoffee')).toBeInTheDocument();
    expect(page.getByText('org_1001')).toBeInTheDocument();
    expect(page.getByText('+1 (876) 555-1234')).toBeInTheDocument();
    expect(page.getByText('12 Hope Road, Kingston, St. Andrew, Jamaica')).toBeInTheDocument();
    // An empty description (and, since My Profile shows it too, an empty About) reads "N/A".
    expect(page.getByText('Description', { selector: 'dt' }).nextElementSibling).toHaveTextContent('N/A');
    expect(page.getByText('Jane Brown')).toBeInTheDocument();
    expect(page.getByText('Manager')).toBeInTheDocument();
  });

  it('shows Customer Support with the support email', async () => {
    renderApp('/support', portalServer());
    expect(await screen.findByRole('heading', { level: 2, name: 'Customer Support' })).toBeInTheDocument();
    // The email names the merchant and its wallet ID in the subject, so support knows who writes.
    expect(screen.getByRole('link', { name: 'support@lynk.us' })).toHaveAttribute(
      'href',
      `mailto:support@lynk.us?subject=${encodeURIComponent('Merchant support: Kingston Coffee Co. (kingstoncoffee)')}`,
    );
  });
});
