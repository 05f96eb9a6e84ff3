import { ROLE_PERMISSIONS } from '@lynk/contract/roles';
import { screen, within } from '@testing-library/react';
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
    session: makeSession(2, { permissions: [...permissions] }),
    organization: makeOrganization({ hasCbdc: true }),
    path: `/1001/${base}/orders`,
    pattern: `/:org/${base}/*`,
    overlays: true,
  });
}

describe('Create a Payment button', () => {
  it('opens the chooser from the main wallet for a user who may create batch payments', async () => {
    renderDashboard('main', ROLE_PERMISSIONS[2]);
    await userEvent.click(screen.getByRole('button', { name: 'Create a Payment' }));
    const chooser = await screen.findByRole('dialog', { name: 'Create a Payment' });
    expect(within(chooser).getByRole('radio', { name: 'Batch payment' })).toBeInTheDocument();
    expect(within(chooser).getByRole('radio', { name: 'Single payment' })).toBeInTheDocument();
    await userEvent.click(within(chooser).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is not offered without batch-payments create (a cashier), nor on the JAM-DEX wallet', () => {
    const { unmount } = renderDashboard('main', ROLE_PERMISSIONS[3]);
    expect(screen.getByRole('heading', { name: 'Main wallet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create a Payment' })).not.toBeInTheDocument();
    unmount();
    renderDashboard('cbdc', ROLE_PERMISSIONS[2]);
    expect(screen.getByRole('heading', { name: 'JAM-DEX wallet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create a Payment' })).not.toBeInTheDocument();
  });
});
