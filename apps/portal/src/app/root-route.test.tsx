import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { analytics } from '@/test/analytics';
import { portalServer } from '@/test/fake-server';
import { makeAccount, makeBranch, makeProfile, makeSession } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const parentProfile = makeProfile({ name: 'Lynk Group HQ', has_children: true, parent_org_id: null });

describe('"/"', () => {
  it('redirects a user who is not a super admin of a parent organisation to their wallet orders', async () => {
    const { router } = renderApp('/', portalServer({ session: makeSession(1), profile: parentProfile }));
    expect(await screen.findByRole('tab', { name: 'Orders' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/1001/lynk-wallet/orders'));
    // The file's first render imports every lazy chunk of the portal; on a busy machine that alone
    // can take longer than a test's default five seconds.
  }, 20_000);

  it('redirects a super admin of an organisation without branches', async () => {
    const { router } = renderApp('/', portalServer({ session: makeSession(4) }));
    await screen.findByRole('tab', { name: 'Orders' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/1001/lynk-wallet/orders'));
  });

  it('redirects "/staff" outside the corporate view to the organisation\'s staff page', async () => {
    const { router } = renderApp('/staff', portalServer({ session: makeSession(1) }));
    expect(await screen.findByRole('heading', { name: 'Staff' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/1001/staff'));
  });

  it('shows the corporate dashboard to a super admin of a parent organisation', async () => {
    const branches = [makeBranch(1), makeBranch(2)];
    renderApp(
      '/',
      portalServer({
        session: makeSession(4),
        profile: parentProfile,
        accounts: [makeAccount('LYNK', 1), makeAccount('CBDC', 2)],
        branches,
      }),
    );
    const tabs = await screen.findByRole('tablist', { name: 'Corporate sections' });
    // Spec section 2: no branch name heading on "/".
    expect(screen.queryByRole('heading', { name: 'Lynk Group HQ' })).not.toBeInTheDocument();
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Branch Accounts', 'Staff', 'Audit Log']); // the audit log's tab: ADR 043
    const table = await screen.findByRole('table', { name: 'Branch Accounts' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Merchant ID',
      'Name',
      'Organisation ID',
      'Date joined',
      'Balance (JMD)',
      'Cash - In',
      'Cash - Out',
      'Payments',
      'Actions',
    ]);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    // The corporate view hides the wallet switch.
    expect(screen.queryByRole('radiogroup', { name: 'Wallet' })).not.toBeInTheDocument();
  });

  it('launches a branch: its organisation path, which re-authorizes for that organisation', async () => {
    const { hardNavigate } = renderApp(
      '/',
      portalServer({ session: makeSession(4), profile: parentProfile, branches: [makeBranch(7)] }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Launch Branch 7' }));
    await screen.findByText('Redirecting...');
    expect(hardNavigate).toHaveBeenCalledWith(
      `/auth/login?org=org_2007&returnTo=${encodeURIComponent('/2007')}`,
    );
  });

  it('shows the corporate staff page with its breadcrumbs', async () => {
    renderApp('/staff', portalServer({ session: makeSession(4), profile: parentProfile }));
    expect(await screen.findByRole('heading', { name: 'Staff' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(crumbs).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('tab', { name: 'Staff' })).toHaveAttribute('aria-selected', 'true');
  });

  it('redirects "/analytics" outside the corporate view to the organisation\'s analytics', async () => {
    const { router } = renderApp('/analytics', portalServer({ session: makeSession(1) }));
    expect(await screen.findByRole('heading', { name: 'Analytics' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/1001/analytics'));
  });

  it("shows a parent organisation's super admin the chain's analytics from the corporate menu", async () => {
    const { router, requests } = renderApp(
      '/',
      portalServer({
        session: makeSession(4),
        profile: parentProfile,
        extra: {
          'GET /api/payment/analytics/chain': (request) => {
            const url = new URL(request.url);
            const period = analytics({
              from: url.searchParams.get('from')!,
              to: url.searchParams.get('to')!,
            });
            return { body: { data: { ...period, branches: [] } } };
          },
        },
      }),
    );
    const nav = await screen.findByRole('navigation', { name: 'Side menu' });
    const corporate = within(nav).getByRole('group', { name: 'Corporate' });
    await userEvent.click(within(corporate).getByRole('link', { name: 'Analytics' }));
    expect(await screen.findByRole('heading', { name: 'Analytics of the chain' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/analytics');
    await screen.findByTestId('figures-jmd');
    expect(requests.some((request) => request.path.startsWith('/api/payment/analytics/chain?'))).toBe(true);
    // Still the corporate view: no wallet switch.
    expect(screen.queryByRole('radiogroup', { name: 'Wallet' })).not.toBeInTheDocument();
  });
});
