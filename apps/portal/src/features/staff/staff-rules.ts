import { ROLE_IDS } from '@lynk/contract/roles';
import type { Role, StaffMember } from '@lynk/contract/staff';

/** What the signed-in user may do on the Staff page (spec sections 5 and 6). */
export interface StaffViewer {
  userId: number;
  superAdmin: boolean;
  /** Staff edit and delete: update and delete on staff. */
  mayEditDelete: boolean;
  /** QR download: read on profile. */
  mayDownloadQr: boolean;
}

/**
 * A row's actions. Nobody deletes their own record; a super administrator's row has no actions
 * unless the viewer is a super administrator too; only a cashier has a QR code of their own.
 * The server refuses the same things: hiding is never the protection.
 */
export function staffRowActions(member: StaffMember, viewer: StaffViewer) {
  const self = member.id === viewer.userId;
  const guarded = member.role_id === ROLE_IDS.SUPER_ADMIN && !viewer.superAdmin;
  return {
    edit: viewer.mayEditDelete && !guarded,
    remove: viewer.mayEditDelete && !guarded && !self,
    qr: viewer.mayDownloadQr && !guarded && member.role_id === ROLE_IDS.CASHIER,
  };
}

/**
 * The role list of the form (spec section 6): the corporate view and a super administrator being
 * edited offer only the super administrator role; a branch offers the others.
 */
export function roleOptions(
  roles: readonly Role[],
  context: { corporate: boolean; editingSuperAdmin: boolean },
) {
  const superOnly = context.corporate || context.editingSuperAdmin;
  return roles.filter((role) => (role.id === ROLE_IDS.SUPER_ADMIN) === superOnly);
}
