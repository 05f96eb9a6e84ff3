import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { portalServer } from '@/test/fake-server';
import { renderApp } from '@/test/render';
import { CODE, makePayLink, payRoutes } from '@/test/pay';

describe('the /pay/:code route', () => {
  it('renders the pay page without asking for the staff session or sending to the staff sign-in', async () => {
    const { requests, hardNavigate } = renderApp(
      `/pay/${CODE}`,
      portalServer({ session: null, extra: payRoutes({ link: makePayLink(), consumer: null }) }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Kingston Coffee Co.' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Sign in to pay' })).toBeInTheDocument();
    const paths = requests.map((request) => request.path);
    expect(paths).toContain(`/api/payment/pay/${CODE}`);
    expect(paths).not.toContain('/api/session');
    expect(
      paths.filter(
        (path) => !path.startsWith('/api/payment/pay/') && !path.startsWith('/api/consumer-auth/'),
      ),
    ).toEqual([]);
    expect(hardNavigate).not.toHaveBeenCalled();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('says a malformed code is not a link, without asking the server', async () => {
    const { requests } = renderApp('/pay/not-a-code', portalServer({ session: null }));
    expect(await screen.findByText('This payment link does not exist.')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });
});
