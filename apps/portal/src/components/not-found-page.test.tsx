import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render';
import { portalServer } from '@/test/fake-server';
import { NotFoundPage } from './not-found-page';

describe('NotFoundPage', () => {
  it('offers the dashboard when signed in', async () => {
    const onGoBack = vi.fn();
    render(
      <MantineProvider env="test">
        <NotFoundPage signedIn onGoBack={onGoBack} />
      </MantineProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: "Looks like you're lost." })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go back to the Dashboard' }));
    expect(onGoBack).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: 'Go back to the Login' })).not.toBeInTheDocument();
  });

  it('offers the login when not signed in', () => {
    render(
      <MantineProvider env="test">
        <NotFoundPage signedIn={false} onGoBack={() => undefined} />
      </MantineProvider>,
    );
    expect(screen.getByRole('button', { name: 'Go back to the Login' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go back to the Dashboard' })).not.toBeInTheDocument();
  });
});

describe('an unknown path', () => {
  it('shows the not-found page with "Go back to the Dashboard" for a signed-in user, who goes to "/"', async () => {
    const { router, hardNavigate } = renderApp('/no-such-page', portalServer());
    await userEvent.click(await screen.findByRole('button', { name: 'Go back to the Dashboard' }));
    expect(hardNavigate).not.toHaveBeenCalled();
    // "/" then sends a user who is not a corporate super admin to their organisation's wallet.
    await screen.findByRole('tab', { name: 'Orders' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/1001/lynk-wallet/orders'));
  });

  it('shows "Go back to the Login" without a session, and does not force a sign-in', async () => {
    const { hardNavigate } = renderApp('/1001/lynk-wallet/unknown-tab', portalServer({ session: null }));
    const button = await screen.findByRole('button', { name: 'Go back to the Login' });
    expect(hardNavigate).not.toHaveBeenCalled();
    await userEvent.click(button);
    expect(hardNavigate).toHaveBeenCalledWith('/auth/login?returnTo=%2F');
  });

  it('treats a non-digit first segment as unknown', async () => {
    renderApp('/abc/lynk-wallet', portalServer());
    expect(await screen.findByRole('heading', { name: "Looks like you're lost." })).toBeInTheDocument();
  });
});
