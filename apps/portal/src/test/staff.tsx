/**
 * What the staff feature's tests share: staff members and roles as the API sends them, a page
 * where a button opens one of the feature's modals inside the modal host, and the staff page's
 * route.
 */
import type { RoleId } from '@lynk/contract/roles';
import { ROLE_NAMES } from '@lynk/contract/roles';
import type { StaffMember } from '@lynk/contract/staff';
import { Button } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { hideModal } from '@/lib/modal-registry';
import { installFakeFetch, type FakeRoutes } from '@/test/fake-fetch';
import { makeSession } from '@/test/fixtures';
import { makeOrganization, renderWithProviders } from '@/test/render';
import { StaffPage } from '@/features/staff/components/staff-page';
import { StaffTable } from '@/features/staff/components/staff-table';

export const STAFF = '/api/profile/v3/staff';
export const ROLES = '/api/profile/v2/roles';

export const ROLE_LIST = {
  body: { result: ([1, 2, 3, 4] as const).map((id) => ({ id, name: ROLE_NAMES[id] })) },
};

/** The signed-in user of these tests is user 7, an admin unless told otherwise. */
export const VIEWER_ID = 7;
export const viewerSession = (roleId: RoleId = 1) => makeSession(roleId, { id: String(VIEWER_ID) });

export function makeMember(id: number, roleId: RoleId, overrides: Partial<StaffMember> = {}): StaffMember {
  const base = {
    id,
    auth_id: `lynk|user-${id}`,
    display_name: `Person ${id}`,
    email: `person${id}@example.com`,
    role: ROLE_NAMES[roleId],
    role_id: roleId,
    show_qr_display_name: false,
    active: true,
    ...overrides,
  };
  return {
    ...base,
    merchants: [
      {
        merchant_id: 1001,
        role_id: base.role_id,
        show_qr_display_name: base.show_qr_display_name,
        active: base.active,
      },
    ],
  };
}

/** Renders a button that runs `open`, with the modal and toast hosts. */
export async function renderOpener(
  open: () => void,
  { routes = {}, roleId = 1 }: { routes?: FakeRoutes; roleId?: RoleId } = {},
) {
  hideModal();
  const server = installFakeFetch({ [`GET ${ROLES}`]: ROLE_LIST, ...routes });
  const view = renderWithProviders(<Button onClick={open}>Open</Button>, {
    path: '/1001/staff',
    session: viewerSession(roleId),
    organization: makeOrganization(),
    overlays: true,
  });
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  return { ...view, ...server };
}

/** A branch's staff page with its table, as the router nests them. */
export const BRANCH_STAFF_ROUTE: RouteObject = {
  path: '/:org/staff',
  element: <StaffPage context="organization" />,
  children: [{ index: true, element: <StaffTable corporate={false} /> }],
};
