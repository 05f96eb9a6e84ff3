import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { portalServer, UNAUTHENTICATED } from '@/test/fake-server';
import { makeSession } from '@/test/fixtures';
import { recordAuthAttempt } from './auth-attempts';

// The redirect is an effect of the render that shows "Redirecting...": each test waits for it
// rather than expecting it the moment the text appears (on a busy machine it runs a moment later).
describe('AuthGuard', () => {
  it('shows "Loading..." while the session loads', () => {
    renderApp('/1001/lynk-wallet', portalServer());
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });

  it('on 401 shows "Redirecting..." and signs in for the organisation in the path, coming back to the page', async () => {
    const { hardNavigate } = renderApp('/1001/lynk-wallet/refunds?x=1', portalServer({ session: null }));
    expect(await screen.findByText('Redirecting...')).toBeInTheDocument();
    await waitFor(() => {
      expect(hardNavigate).toHaveBeenCalledOnce();
      expect(hardNavigate).toHaveBeenCalledWith(
        `/auth/login?org=org_1001&returnTo=${encodeURIComponent('/1001/lynk-wallet/refunds?x=1')}`,
      );
    });
  });

  it('on 401 at "/" signs in without an organisation', async () => {
    const { hardNavigate } = renderApp('/', portalServer({ session: null }));
    await screen.findByText('Redirecting...');
    await waitFor(() => {
      expect(hardNavigate).toHaveBeenCalledWith('/auth/login?returnTo=%2F');
    });
  });

  it('re-authorizes silently when the path names another organisation than the session', async () => {
    const { hardNavigate } = renderApp(
      '/1002/staff',
      portalServer({ session: makeSession(4, { org_id: 'org_1001' }) }),
    );
    expect(await screen.findByText('Redirecting...')).toBeInTheDocument();
    await waitFor(() => {
      expect(hardNavigate).toHaveBeenCalledWith(
        `/auth/login?org=org_1002&returnTo=${encodeURIComponent('/1002/staff')}`,
      );
    });
  });

  it('follows parent_org_id over the path segment', async () => {
    const { hardNavigate } = renderApp(
      '/?parent_org_id=org_1001',
      portalServer({ session: makeSession(4, { org_id: 'org_1002' }) }),
    );
    await screen.findByText('Redirecting...');
    await waitFor(() => {
      expect(hardNavigate).toHaveBeenCalledWith(
        `/auth/login?org=org_1001&returnTo=${encodeURIComponent('/?parent_org_id=org_1001')}`,
      );
    });
  });

  it('does not loop when the server refused the organisation switch: it shows the not-found page', async () => {
    recordAuthAttempt('reauth', 'org_1002');
    recordAuthAttempt('reauth', 'org_1002');
    const { hardNavigate } = renderApp('/1002/lynk-wallet', portalServer({ session: makeSession(1) }));
    expect(await screen.findByRole('heading', { name: "Looks like you're lost." })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go back to the Dashboard' })).toBeInTheDocument();
    expect(hardNavigate).not.toHaveBeenCalled();
  });

  it('sends the user to sign in again after coming back once without signing in (Back on the sign-in page)', async () => {
    recordAuthAttempt('login', 'org_1001');
    const { hardNavigate } = renderApp('/1001/lynk-wallet', portalServer({ session: null }));
    await screen.findByText('Redirecting...');
    await waitFor(() => {
      expect(hardNavigate).toHaveBeenCalledWith(
        `/auth/login?org=org_1001&returnTo=${encodeURIComponent('/1001/lynk-wallet')}`,
      );
    });
  });

  it('does not loop when the sign-in keeps coming straight back without a session', async () => {
    recordAuthAttempt('login', 'org_1001');
    recordAuthAttempt('login', 'org_1001');
    const { hardNavigate } = renderApp('/1001/lynk-wallet', portalServer({ session: null }));
    expect(await screen.findByRole('button', { name: 'Go back to the Login' })).toBeInTheDocument();
    expect(hardNavigate).not.toHaveBeenCalled();
  });

  it('lets the page through when the session matches the path', async () => {
    const { hardNavigate } = renderApp('/1001/lynk-wallet', portalServer());
    expect(await screen.findByRole('tab', { name: 'Orders' })).toBeInTheDocument();
    expect(hardNavigate).not.toHaveBeenCalled();
  });

  it('sends the user to sign in when any call finds the session ended', async () => {
    let sessionCalls = 0;
    const { hardNavigate } = renderApp(
      '/1001/lynk-wallet/orders',
      portalServer({
        extra: {
          'GET /api/session': () => {
            sessionCalls += 1;
            return sessionCalls === 1 ? { body: makeSession(1) } : UNAUTHENTICATED;
          },
          'GET /api/account/v1/accounts': UNAUTHENTICATED,
        },
      }),
    );
    expect(await screen.findByText('Redirecting...')).toBeInTheDocument();
    await waitFor(() => {
      expect(hardNavigate).toHaveBeenCalledWith(
        `/auth/login?org=org_1001&returnTo=${encodeURIComponent('/1001/lynk-wallet/orders')}`,
      );
    });
  });

  it('offers a retry when the session cannot be read for another reason', async () => {
    renderApp(
      '/1001/lynk-wallet',
      portalServer({
        extra: { 'GET /api/session': { status: 503, body: { code: 'UNAVAILABLE', message: 'down' } } },
      }),
    );
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
