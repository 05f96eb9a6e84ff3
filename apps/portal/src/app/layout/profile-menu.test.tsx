import { ROLE_PERMISSIONS } from '@lynk/contract/roles';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeSession } from '@/test/fixtures';
import { makeOrganization, renderWithProviders } from '@/test/render';
import { ProfileMenu } from './profile-menu';

async function openMenu() {
  await userEvent.click(screen.getByRole('button', { name: /profile menu/i }));
  return screen.findByRole('menu');
}

function itemNames(menu: HTMLElement): string[] {
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent ?? '');
}

describe('ProfileMenu', () => {
  it('shows Staff to a user with staff read', async () => {
    renderWithProviders(<ProfileMenu />, { session: makeSession(1), path: '/1001/lynk-wallet/orders' });
    const menu = await openMenu();
    expect(itemNames(menu)).toEqual(['My Profile', 'Staff', 'Customer Support', 'Logout']);
    expect(within(menu).getByRole('menuitem', { name: 'Staff' })).toHaveAttribute('href', '/1001/staff');
    expect(within(menu).getByRole('menuitem', { name: 'My Profile' })).toHaveAttribute('href', '/profile');
    expect(within(menu).getByRole('menuitem', { name: 'Customer Support' })).toHaveAttribute(
      'href',
      '/support',
    );
  });

  it.each([
    ['manager', 2],
    ['cashier', 3],
  ] as const)('hides Staff from a %s (no staff read)', async (_name, roleId) => {
    renderWithProviders(<ProfileMenu />, { session: makeSession(roleId), path: '/1001/lynk-wallet/orders' });
    const menu = await openMenu();
    expect(itemNames(menu)).toEqual(['My Profile', 'Customer Support', 'Logout']);
  });

  it('offers only Logout in the corporate view', async () => {
    renderWithProviders(<ProfileMenu />, {
      session: makeSession(4, { permissions: [...ROLE_PERMISSIONS[4]] }),
      organization: makeOrganization({ corporate: true }),
      path: '/',
    });
    const menu = await openMenu();
    expect(itemNames(menu)).toEqual(['Logout']);
  });

  it("gives a corporate super admin the full menu on the organisation's own pages", async () => {
    renderWithProviders(<ProfileMenu />, {
      session: makeSession(4),
      organization: makeOrganization({ corporate: true }),
      path: '/1001/lynk-wallet/orders',
    });
    const menu = await openMenu();
    expect(itemNames(menu)).toEqual(['My Profile', 'Staff', 'Customer Support', 'Logout']);
  });
});
