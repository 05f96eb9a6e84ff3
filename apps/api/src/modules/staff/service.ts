import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@lynk/contract/messages';
import { GATES, isSuperAdminRole } from '@lynk/contract/permissions';
import { ROLE_IDS } from '@lynk/contract/roles';
import type { SessionIdentity } from '@lynk/contract/session';
import {
  ASSIGNABLE_ROLE_IDS,
  MAX_SUPER_ADMINS_PER_MERCHANT,
  STAFF_PRODUCT_MESSAGES as TEXT,
  type CreateStaff,
  type StaffListQuery,
  type StaffMember,
  type UpdateStaff,
} from '@lynk/contract/staff';
import { inTransaction, type Db } from '../../db/transaction.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import { assertGate } from '../../lib/gate.ts';
import { recordAudit } from '../audit/index.ts';
import { deleteOpenActivations } from './activation-repository.ts';
import { queueActivation } from './activation.ts';
import {
  chainMerchantsOfSuperAdmin,
  countSuperAdmins,
  deleteMemberships,
  findStaff,
  findUserByEmail,
  insertMemberships,
  insertPendingUser,
  listRoles,
  listStaff,
  lockMerchant,
  retireUserWithoutMemberships,
  revivePendingUser,
  superAdminMerchantsOf,
  updateDisplayName,
  updateMembership,
  type StaffRow,
} from './repository.ts';

const SUPER_ADMIN = ROLE_IDS.SUPER_ADMIN;
/** Not a hash of anything: no password matches it until the activation link sets one. */
const NO_PASSWORD = '!activation-pending';

/** Who is calling and from where (the audit rows record both). */
export interface StaffCaller {
  identity: SessionIdentity;
  ip: string;
}

/** What a staff change sets off outside the transaction that makes it. */
export interface StaffEffects {
  /** Queues delivery of a stored activation email, in the transaction that stored it. */
  enqueueMail: ((trx: Db, outboxId: string) => Promise<void>) | null;
  /** Ends every session of the user at once (they were deactivated, deleted or re-roled). */
  endSessions: (userId: number) => Promise<void>;
}

const callerId = (caller: StaffCaller) => Number(caller.identity.id);
const isSuperAdmin = (caller: StaffCaller) => isSuperAdminRole(caller.identity.role);

function toMember(row: StaffRow): StaffMember {
  return {
    id: row.id,
    auth_id: row.auth_id,
    display_name: row.display_name,
    email: row.email,
    role: row.role_name,
    role_id: row.role_id,
    show_qr_display_name: row.show_qr_display_name,
    active: row.active,
    // Only the caller's merchant: the member's other merchants are other tenants' business.
    merchants: [
      {
        merchant_id: row.merchant_id,
        role_id: row.role_id,
        show_qr_display_name: row.show_qr_display_name,
        active: row.active,
      },
    ],
  };
}

export async function rolesList(db: Db) {
  return { result: await listRoles(db, ASSIGNABLE_ROLE_IDS) };
}

export async function listStaffMembers(db: Db, identity: SessionIdentity, query: StaffListQuery) {
  const { rows, total } = await listStaff(db, identity.merchant_id, query);
  return {
    result: rows.map(toMember),
    meta_data: { count: rows.length, limit: query.limit, offset: query.offset, total },
  };
}

async function memberOrNotFound(db: Db, merchantId: number, userId: number): Promise<StaffRow> {
  const row = await findStaff(db, merchantId, userId);
  if (!row) throw notFound(TEXT.notFound);
  return row;
}

/** Anyone may read their own record; another member's needs the staff menu's permission. */
export async function getStaffMember(db: Db, identity: SessionIdentity, id: number) {
  if (Number(identity.id) !== id) assertGate(identity, GATES.staffMenu);
  return toMember(await memberOrNotFound(db, identity.merchant_id, id));
}

/**
 * Makes `userId` a super administrator of the caller's merchant and of every other merchant of
 * the chain where the caller is one (spec section 6: "adds them to all child merchants, first the
 * current one"), within the limit of each.
 */
async function superAdminMerchants(trx: Db, caller: StaffCaller): Promise<number[]> {
  const current = caller.identity.merchant_id;
  const others = await chainMerchantsOfSuperAdmin(trx, current, callerId(caller), SUPER_ADMIN);
  const merchants = [current, ...others];
  for (const merchantId of [...merchants].sort((a, b) => a - b)) await lockMerchant(trx, merchantId);
  for (const merchantId of merchants) {
    if ((await countSuperAdmins(trx, merchantId, SUPER_ADMIN)) >= MAX_SUPER_ADMINS_PER_MERCHANT) {
      throw new AppError('SUPER_ADMIN_LIMIT', 403, MESSAGES.staff.superAdminLimit);
    }
  }
  return merchants;
}

export async function createStaffMember(
  db: Db,
  caller: StaffCaller,
  input: CreateStaff & { display_name: string },
  effects: Pick<StaffEffects, 'enqueueMail'>,
): Promise<StaffMember> {
  const membership = input.merchants[0]!;
  const roleId = membership.role_id;
  if (membership.merchant_id !== caller.identity.merchant_id) throw forbidden(TEXT.otherMerchant);
  if (roleId === SUPER_ADMIN && !isSuperAdmin(caller)) throw forbidden(TEXT.superAdminOnly);
  const email = input.email.trim().toLowerCase();
  const displayName = input.display_name.trim();

  const userId = await inTransaction(db, async (trx) => {
    const existing = await findUserByEmail(trx, email);
    if (existing?.member) throw new AppError('EMAIL_TAKEN', 409, TEXT.emailTaken);
    const merchants =
      roleId === SUPER_ADMIN ? await superAdminMerchants(trx, caller) : [caller.identity.merchant_id];
    let id: number;
    let authId: string;
    if (existing) {
      id = existing.id;
      authId = existing.auth_id;
      await deleteOpenActivations(trx, id);
      await revivePendingUser(trx, id, { displayName, unusableHash: NO_PASSWORD });
    } else {
      authId = `lynk|${randomUUID()}`;
      id = await insertPendingUser(trx, {
        authId,
        email,
        displayName,
        unusableHash: NO_PASSWORD,
      });
    }
    await insertMemberships(
      trx,
      id,
      merchants.map((merchantId) => ({
        merchantId,
        roleId,
        showQrDisplayName: membership.show_qr_display_name ?? false,
        active: membership.active ?? true,
      })),
    );
    const outboxId = await queueActivation(trx, {
      userId: id,
      merchantId: caller.identity.merchant_id,
      createdBy: callerId(caller),
      email,
    });
    await recordAudit(trx, {
      actorUserId: callerId(caller),
      organizationId: caller.identity.org_id,
      action: 'staff.created',
      subject: authId,
      details: { role_id: roleId, merchants, show_qr_display_name: membership.show_qr_display_name ?? false },
      ip: caller.ip,
    });
    await effects.enqueueMail?.(trx, outboxId);
    return id;
  });
  return toMember(await memberOrNotFound(db, caller.identity.merchant_id, userId));
}

export async function updateStaffMember(
  db: Db,
  caller: StaffCaller,
  id: number,
  input: UpdateStaff & { display_name: string },
  effects: Pick<StaffEffects, 'endSessions'>,
): Promise<StaffMember> {
  const merchantId = caller.identity.merchant_id;
  if (input.merchant_id !== merchantId) throw notFound(TEXT.notFound);
  const before = await inTransaction(db, async (trx) => {
    const target = await memberOrNotFound(trx, merchantId, id);
    if (input.auth_id !== target.auth_id) throw badRequest(TEXT.authIdMismatch);
    if (input.email.trim().toLowerCase() !== target.email.toLowerCase()) {
      throw badRequest(TEXT.emailNotEditable);
    }
    const self = target.id === callerId(caller);
    if (self && (input.role_id !== target.role_id || input.active !== target.active)) {
      throw forbidden(TEXT.ownRoleOrStatus);
    }
    const touchesSuperAdmin = target.role_id === SUPER_ADMIN || input.role_id === SUPER_ADMIN;
    if (touchesSuperAdmin && !isSuperAdmin(caller)) throw forbidden(TEXT.superAdminOnly);
    if (target.role_id === SUPER_ADMIN && input.role_id !== SUPER_ADMIN) {
      throw badRequest(TEXT.superAdminRoleFixed);
    }
    const change = {
      roleId: input.role_id,
      showQrDisplayName: input.show_qr_display_name,
      active: input.active,
    };
    if (target.role_id !== SUPER_ADMIN && input.role_id === SUPER_ADMIN) {
      const merchants = await superAdminMerchants(trx, caller);
      const already = new Set(await superAdminMerchantsOf(trx, id, merchants, SUPER_ADMIN));
      const joining = merchants.filter((m) => m !== merchantId && !already.has(m));
      // A member of a branch in some other role becomes its super administrator too.
      await deleteMemberships(trx, id, joining);
      await insertMemberships(
        trx,
        id,
        joining.map((m) => ({ merchantId: m, roleId: SUPER_ADMIN, showQrDisplayName: false, active: true })),
      );
    }
    await updateMembership(trx, id, merchantId, change);
    if (input.display_name.trim() !== target.display_name) {
      await updateDisplayName(trx, id, input.display_name.trim());
    }
    await recordAudit(trx, {
      actorUserId: callerId(caller),
      organizationId: caller.identity.org_id,
      action: 'staff.updated',
      subject: target.auth_id,
      details: {
        before: { role_id: target.role_id, active: target.active, show_qr: target.show_qr_display_name },
        after: { role_id: input.role_id, active: input.active, show_qr: input.show_qr_display_name },
      },
      ip: caller.ip,
    });
    return target;
  });
  // New tokens carry the new role; a deactivated member is signed out everywhere.
  if (before.role_id !== input.role_id || (before.active && !input.active)) await effects.endSessions(id);
  return toMember(await memberOrNotFound(db, caller.identity.merchant_id, id));
}

export async function deleteStaffMember(
  db: Db,
  caller: StaffCaller,
  id: number,
  effects: Pick<StaffEffects, 'endSessions'>,
): Promise<{ id: number }> {
  const merchantId = caller.identity.merchant_id;
  await inTransaction(db, async (trx) => {
    const target = await memberOrNotFound(trx, merchantId, id);
    if (target.id === callerId(caller)) throw forbidden(TEXT.ownDelete);
    let merchants = [merchantId];
    if (target.role_id === SUPER_ADMIN) {
      if (!isSuperAdmin(caller)) throw forbidden(TEXT.superAdminOnly);
      // Removed from the chain's merchants they joined as super administrator, where the caller is one too.
      const chain = await chainMerchantsOfSuperAdmin(trx, merchantId, callerId(caller), SUPER_ADMIN);
      merchants = [merchantId, ...(await superAdminMerchantsOf(trx, id, chain, SUPER_ADMIN))];
    }
    await deleteMemberships(trx, id, merchants);
    // Left without any merchant: an unused activation link must not bring them back.
    if (await retireUserWithoutMemberships(trx, id, NO_PASSWORD)) await deleteOpenActivations(trx, id);
    await recordAudit(trx, {
      actorUserId: callerId(caller),
      organizationId: caller.identity.org_id,
      action: 'staff.deleted',
      subject: target.auth_id,
      details: { merchants, role_id: target.role_id },
      ip: caller.ip,
    });
  });
  await effects.endSessions(id);
  return { id };
}
