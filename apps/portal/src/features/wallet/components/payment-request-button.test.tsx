import { ROLE_PERMISSIONS } from '@lynk/contract/roles';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { hideModal } from '@/lib/modal-registry';
import { installFakeFetch } from '@/test/fake-fetch';
import { makeSession } from '@/test/fixtures';
import { makeOrganization, renderWithProviders } from '@/test/render';
import type { WalletKind } from '../tabs';
import { WalletDashboard } from './wallet-dashboard';

function renderDashboard(wallet: WalletKind, permissions: readonly string[]) {
  hideModal();
  installFakeFetch({});
  const base = wallet === 'main' ? 'lynk-wallet' : 'jamdex-wallet';
  return renderWithProviders(<WalletDashboard wallet={wallet} />, {
    session: makeSession(3, { permissions: [...permissions] }),
    organization: makeOrganization({ hasCbdc: true }),
    path: `/1001/${base}/orders`,
    pattern: `/:org/${base}/*`,
    overlays: true,
  });
}

describe('Payment Request button', () => {
  it('opens the payment request modal from the main wallet for a user who may create orders', async () => {
    renderDashboard('main', ROLE_PERMISSIONS[3]);
    await userEvent.click(screen.getByRole('button', { name: 'Payment Request' }));
    expect(await screen.findByRole('dialog', { name: 'New Payment Request' })).toBeInTheDocument();
  });

  it('is not offered without orders create, nor on the JAM-DEX wallet', () => {
    const withoutCreate = ROLE_PERMISSIONS[3].filter((permission) => permission !== 'create:orders');
    const { unmount } = renderDashboard('main', withoutCreate);
    expect(screen.getByRole('heading', { name: 'Main wallet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Payment Request' })).not.toBeInTheDocument();
    unmount();
    renderDashboard('cbdc', ROLE_PERMISSIONS[3]);
    expect(screen.getByRole('heading', { name: 'JAM-DEX wallet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Payment Request' })).not.toBeInTheDocument();
  });
});
