import type { RoleId } from '@lynk/contract/roles';
import type { SessionIdentity } from '@lynk/contract/session';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { hideModal } from '@/lib/modal-registry';
import { installFakeFetch, type FakeRoutes } from '@/test/fake-fetch';
import { makeListing, makeProfile } from '@/test/fixtures';
import { makeOrganization, renderRoutes } from '@/test/render';
import {
  BRANCH_STAFF_ROUTE,
  makeMember,
  ROLE_LIST,
  ROLES,
  STAFF,
  VIEWER_ID,
  viewerSession,
} from '@/test/staff';

const MEMBERS = [
  makeMember(VIEWER_ID, 1, { display_name: 'Me Myself' }),
  makeMember(20, 3, { display_name: 'Till One', show_qr_display_name: true }),
  makeMember(21, 2, { display_name: 'Mona Manager', active: false }),
  makeMember(22, 4, { display_name: 'Sam Super' }),
];

function renderStaffPage({
  roleId = 1,
  session,
  routes = {},
}: { roleId?: RoleId; session?: SessionIdentity; routes?: FakeRoutes } = {}) {
  hideModal();
  const server = installFakeFetch({
    [`GET ${ROLES}`]: ROLE_LIST,
    [`GET ${STAFF}`]: { body: makeListing(MEMBERS) },
    ...routes,
  });
  const view = renderRoutes([BRANCH_STAFF_ROUTE], {
    path: '/1001/staff',
    session: session ?? viewerSession(roleId),
    organization: makeOrganization({ profile: makeProfile() }),
    overlays: true,
  });
  return { ...view, ...server };
}

const rowOf = async (name: string) =>
  within(await screen.findByRole('table', { name: 'Staff' })).findByRole('row', { name: new RegExp(name) });

describe('the Staff page (spec section 2)', () => {
  it('lists display name, email, role and Active/Inactive for each member', async () => {
    renderStaffPage();
    expect(await rowOf('Till One')).toHaveTextContent(/Till One.*person20@example.com.*Cashier.*Active/);
    expect(await rowOf('Mona Manager')).toHaveTextContent(/Manager.*Inactive/);
  });

  it("gives no delete action on one's own row, and no actions on a super administrator's row to an admin", async () => {
    renderStaffPage();
    const mine = await rowOf('Me Myself');
    expect(within(mine).getByRole('button', { name: 'Edit Me Myself' })).toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: 'Delete Me Myself' })).toBeNull();
    const superRow = await rowOf('Sam Super');
    expect(within(superRow).queryAllByRole('button')).toEqual([]);
    const manager = await rowOf('Mona Manager');
    expect(within(manager).getByRole('button', { name: 'Delete Mona Manager' })).toBeInTheDocument();
    // Only a cashier has a QR code of their own.
    expect(within(manager).queryByRole('button', { name: /QR code/ })).toBeNull();
    expect(
      within(await rowOf('Till One')).getByRole('button', { name: 'Download the QR code of Till One' }),
    ).toBeInTheDocument();
  });

  it("gives a super administrator another super administrator's actions", async () => {
    renderStaffPage({ roleId: 4 });
    const superRow = await rowOf('Sam Super');
    expect(within(superRow).getByRole('button', { name: 'Edit Sam Super' })).toBeInTheDocument();
    expect(within(superRow).getByRole('button', { name: 'Delete Sam Super' })).toBeInTheDocument();
  });

  it('hides Add User, edit and delete from a user without staff create, update and delete', async () => {
    renderStaffPage({ session: { ...viewerSession(1), permissions: ['read:staff'] } });
    await rowOf('Mona Manager');
    expect(screen.queryByRole('button', { name: 'Add User' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete) / })).toBeNull();
  });

  it('says "No staff is loaded" when the list is empty', async () => {
    renderStaffPage({ routes: { [`GET ${STAFF}`]: { body: makeListing([]) } } });
    expect(await screen.findByText('No staff is loaded')).toBeInTheDocument();
  });

  it('opens "Register New User" from Add User and "Edit User" from a row', async () => {
    renderStaffPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add User' }));
    expect(await screen.findByRole('dialog', { name: 'Register New User' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(within(await rowOf('Till One')).getByRole('button', { name: 'Edit Till One' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).getByRole('textbox', { name: /Email/ })).toHaveValue('person20@example.com');
  });

  it('deletes after "Please confirm", with a toast, and refreshes the list', async () => {
    let deleted = false;
    const { requests } = renderStaffPage({
      routes: {
        [`DELETE ${STAFF}/21`]: () => {
          deleted = true;
          return { body: { id: 21 } };
        },
        [`GET ${STAFF}`]: () => ({
          body: makeListing(deleted ? MEMBERS.filter((m) => m.id !== 21) : MEMBERS),
        }),
      },
    });
    await userEvent.click(
      within(await rowOf('Mona Manager')).getByRole('button', { name: 'Delete Mona Manager' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete this user? This action is irreversible.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This user was deleted successfully!')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'DELETE' && r.path === `${STAFF}/21`)).toBe(true);
    await expect.poll(() => screen.queryByRole('row', { name: /Mona Manager/ })).toBeNull();
  });

  it('says the deletion failed when the server refuses it', async () => {
    renderStaffPage({
      routes: { [`DELETE ${STAFF}/21`]: { status: 500, body: { code: 'INTERNAL', message: 'x' } } },
    });
    await userEvent.click(
      within(await rowOf('Mona Manager')).getByRole('button', { name: 'Delete Mona Manager' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Please confirm' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(
        'Oops! Something went wrong. We were unable to delete this user. Please try again.',
      ),
    ).toBeInTheDocument();
  });
});
