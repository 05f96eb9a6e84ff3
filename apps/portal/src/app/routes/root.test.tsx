import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { portalServer } from '@/test/fake-server';

describe('first path segment containing "wallet"', () => {
  it.each(['/lynk-wallet', '/jamdex-wallet/payments', '/wallet'])(
    '%s shows the "Building!" placeholder without the layout',
    async (path) => {
      const { hardNavigate, requests } = renderApp(path, portalServer({ session: null }));
      expect(await screen.findByRole('heading', { name: 'Building!' })).toBeInTheDocument();
      expect(screen.queryByRole('banner')).not.toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Side menu' })).not.toBeInTheDocument();
      expect(hardNavigate).not.toHaveBeenCalled();
      expect(requests.map((request) => request.path)).not.toContain('/api/session');
    },
  );
});
