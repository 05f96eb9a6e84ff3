import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { portalServer } from '@/test/fake-server';
import { makeAccount, makeProfile, makeSession } from '@/test/fixtures';
import { renderApp } from '@/test/render';

describe('AppLayout', () => {
  it('shows Access Denied instead of page content for an empty permission list, with the layout still there', async () => {
    renderApp('/1001/lynk-wallet/orders', portalServer({ session: makeSession(5) }));
    expect(await screen.findByText("You don't have permissions to view this page.")).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Side menu' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('gives the Access Denied page one h1 and no skipped heading level', async () => {
    renderApp('/1001/lynk-wallet/orders', portalServer({ session: makeSession(5) }));
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    const levels = within(main)
      .getAllByRole('heading')
      .map((heading) => Number(heading.tagName.slice(1)));
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    levels.forEach((level, index) => {
      if (index > 0) expect(level - (levels[index - 1] ?? 0)).toBeLessThanOrEqual(1);
    });
  });

  it('opens the bell dropdown, which says when there are no notifications and links View All and Settings', async () => {
    renderApp('/1001/lynk-wallet/orders', portalServer());
    const header = await screen.findByRole('banner');
    await userEvent.click(within(header).getByRole('button', { name: 'Notifications' }));
    const dropdown = await screen.findByTestId('notification-bell-dropdown');
    expect(await within(dropdown).findByText('No notifications yet.')).toBeInTheDocument();
    expect(within(dropdown).queryByText(/not available yet/i)).not.toBeInTheDocument();
    expect(within(dropdown).getByRole('link', { name: 'View All' })).toHaveAttribute(
      'href',
      '/1001/notifications',
    );
    expect(within(dropdown).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/1001/notifications/settings',
    );
  });

  it('has the wallet switch in the side menu too, where a smartphone reaches it', async () => {
    window.innerWidth = 375;
    const { router } = renderApp(
      '/1001/lynk-wallet/orders',
      portalServer({ accounts: [makeAccount('LYNK', 1), makeAccount('CBDC', 2)] }),
    );
    const nav = await screen.findByRole('navigation', { name: 'Side menu' });
    // Closed, the drawer does not carry the switch; a smartphone user opens it with the burger.
    expect(within(nav).queryByRole('radiogroup', { name: 'Wallet' })).not.toBeInTheDocument();
    // The burger shows below the `sm` breakpoint through a CSS media query, which jsdom does not
    // evaluate: it counts as hidden here, so it is found by its label and clicked as an event.
    const burger = within(screen.getByRole('banner')).getByLabelText('Toggle navigation', {
      selector: 'button[aria-expanded="false"]',
    });
    fireEvent.click(burger);
    const toggle = await within(nav).findByRole('radiogroup', { name: 'Wallet' });
    await userEvent.click(within(toggle).getByRole('radio', { name: 'JAM-DEX' }));
    await screen.findByRole('tab', { name: 'Payments' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/1001/jamdex-wallet/payments'));
  });

  it('has the landmarks, named header controls and the branch name heading', async () => {
    renderApp('/1001/lynk-wallet/orders', portalServer());
    expect(await screen.findByRole('heading', { level: 1, name: 'Kingston Coffee Co.' })).toBeInTheDocument();
    const header = screen.getByRole('banner');
    expect(within(header).getAllByRole('button', { name: 'Toggle navigation' }).length).toBeGreaterThan(0);
    expect(within(header).getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: /profile menu/i })).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Lynk Merchant Portal home' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it('shows the wallet switch and JAM-DEX menu sections only with a CBDC account', async () => {
    renderApp(
      '/1001/lynk-wallet/orders',
      portalServer({ accounts: [makeAccount('LYNK', 1), makeAccount('CBDC', 2)] }),
    );
    const nav = await screen.findByRole('navigation', { name: 'Side menu' });
    expect(
      within(screen.getByRole('banner')).getByRole('radiogroup', { name: 'Wallet' }),
    ).toBeInTheDocument();
    expect(within(nav).getByRole('group', { name: 'My wallets' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'JAM-DEX' })).toHaveAttribute('href', '/1001/jamdex-wallet');
    expect(within(nav).getByRole('group', { name: 'JAM-DEX Quick Access' })).toBeInTheDocument();
  });

  it('hides JAM-DEX everywhere without a CBDC account', async () => {
    renderApp('/1001/lynk-wallet/orders', portalServer());
    const nav = await screen.findByRole('navigation', { name: 'Side menu' });
    expect(screen.queryByRole('radiogroup', { name: 'Wallet' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'JAM-DEX' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('group', { name: 'JAM-DEX Quick Access' })).not.toBeInTheDocument();
  });

  it('lists the side menu sections with the links the user may use', async () => {
    renderApp('/1001/lynk-wallet/orders', portalServer({ session: makeSession(3) }));
    const nav = await screen.findByRole('navigation', { name: 'Side menu' });
    const quickAccess = within(nav).getByRole('group', { name: 'Quick Access' });
    expect(
      within(quickAccess)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Orders']);
    const account = within(nav).getByRole('group', { name: 'My Account' });
    expect([...account.querySelectorAll('a, button')].map((item) => item.textContent)).toEqual([
      'My Profile',
      'Analytics',
      'Cash-up',
      'Notifications',
      'Customer Support',
      'Logout',
    ]);
    await userEvent.click(within(account).getByRole('link', { name: 'Cash-up' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Cash-up' })).toBeInTheDocument();
    await userEvent.click(within(account).getByRole('link', { name: 'Analytics' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Analytics' })).toBeInTheDocument();
  });

  it("adds Staff and the Audit Log to an admin's My Account, and the audit log opens from it", async () => {
    renderApp('/1001/lynk-wallet/orders', portalServer({ session: makeSession(1) }));
    const nav = await screen.findByRole('navigation', { name: 'Side menu' });
    const account = within(nav).getByRole('group', { name: 'My Account' });
    expect([...account.querySelectorAll('a, button')].map((item) => item.textContent)).toEqual([
      'My Profile',
      'Staff',
      'Audit Log',
      'Analytics',
      'Cash-up',
      'Notifications',
      'Customer Support',
      'Logout',
    ]);
    await userEvent.click(within(account).getByRole('link', { name: 'Audit Log' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Audit Log' })).toBeInTheDocument();
  });

  it('switches wallets from the header', async () => {
    const { router } = renderApp(
      '/1001/lynk-wallet/orders',
      portalServer({ accounts: [makeAccount('LYNK', 1), makeAccount('CBDC', 2)] }),
    );
    const header = await screen.findByRole('banner');
    await userEvent.click(await within(header).findByRole('radio', { name: 'JAM-DEX' }));
    expect(await screen.findByRole('tab', { name: 'Payments' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/1001/jamdex-wallet/payments'));
  });

  it('opens the logout confirmation and logs out through the server', async () => {
    const { hardNavigate, requests } = renderApp(
      '/1001/lynk-wallet/orders',
      portalServer({ extra: { 'POST /auth/logout': { body: { location: '/oidc/session/end?x=1' } } } }),
    );
    await userEvent.click(await screen.findByRole('button', { name: /profile menu/i }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to log out?' });
    expect(
      within(dialog).getByText('You will not be able to access the dashboard after logging out.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Logout' }));
    await vi.waitFor(() =>
      expect(hardNavigate).toHaveBeenCalledWith('http://localhost:3000/oidc/session/end?x=1'),
    );
    const logout = requests.find((request) => request.path === '/auth/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.get('x-lynk-csrf')).toBe('1');
  });

  it('closes the logout confirmation on Cancel without logging out', async () => {
    const { hardNavigate, requests } = renderApp('/1001/lynk-wallet/orders', portalServer());
    await userEvent.click(await screen.findByRole('button', { name: /profile menu/i }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to log out?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(hardNavigate).not.toHaveBeenCalled();
    expect(requests.some((request) => request.path === '/auth/logout')).toBe(false);
  });

  it('shows no branch heading on "/"', async () => {
    renderApp(
      '/',
      portalServer({
        session: makeSession(4),
        profile: makeProfile({ has_children: true, name: 'Lynk Group' }),
      }),
    );
    expect(await screen.findByRole('tab', { name: 'Branch Accounts' })).toBeInTheDocument();
    // Spec section 2: "A branch name heading is shown on every path except /".
    expect(screen.queryByTestId('branch-heading')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Lynk Group' })).not.toBeInTheDocument();
  });

  it('shows the branch heading on every other path', async () => {
    renderApp('/1001/staff', portalServer());
    expect(await screen.findByTestId('branch-heading')).toHaveTextContent('Kingston Coffee Co.');
  });
});
