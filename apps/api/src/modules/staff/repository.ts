import { sql } from 'kysely';
import type { Db } from '../../db/transaction.ts';

/** A staff member as one merchant sees them: the user and their membership of that merchant. */
export interface StaffRow {
  id: number;
  auth_id: string;
  email: string;
  display_name: string;
  merchant_id: number;
  role_id: number;
  role_name: string;
  show_qr_display_name: boolean;
  active: boolean;
}

function staffOf(db: Db, merchantId: number) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .where('m.merchant_id', '=', merchantId);
}

const STAFF_COLUMNS = [
  'u.id',
  'u.auth_id',
  'u.email',
  'u.display_name',
  'm.merchant_id',
  'm.role_id',
  'r.name as role_name',
  'm.show_qr_display_name',
  'm.active',
] as const;

/** One page of a merchant's staff in the order they joined, and how many there are. */
export async function listStaff(db: Db, merchantId: number, page: { offset: number; limit: number }) {
  const [rows, count] = await Promise.all([
    staffOf(db, merchantId)
      .select(STAFF_COLUMNS)
      .orderBy('m.created_at')
      .orderBy('u.id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    staffOf(db, merchantId)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as StaffRow[], total: Number(count.n) };
}

export async function findStaff(db: Db, merchantId: number, userId: number): Promise<StaffRow | undefined> {
  return staffOf(db, merchantId).select(STAFF_COLUMNS).where('u.id', '=', userId).executeTakeFirst();
}

export function listRoles(db: Db, ids: readonly number[]) {
  return db.selectFrom('roles').select(['id', 'name']).where('id', 'in', ids).orderBy('id').execute();
}

/** A user with this email, and whether they still belong to any merchant. */
export function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users as u')
    .select((eb) => [
      'u.id',
      'u.auth_id',
      eb.exists(eb.selectFrom('memberships').select('user_id').whereRef('user_id', '=', 'u.id')).as('member'),
    ])
    .where(sql`lower(u.email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

/** A staff member who cannot sign in until they set a password through their activation link. */
export async function insertPendingUser(
  db: Db,
  user: { authId: string; email: string; displayName: string; unusableHash: string },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      auth_id: user.authId,
      email: user.email,
      display_name: user.displayName,
      password_hash: user.unusableHash,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A user deleted from every merchant before, registered again: a new password is needed. */
export async function revivePendingUser(
  db: Db,
  userId: number,
  user: { displayName: string; unusableHash: string },
) {
  await db
    .updateTable('users')
    .set({ display_name: user.displayName, password_hash: user.unusableHash, disabled: false })
    .where('id', '=', userId)
    .execute();
}

export async function insertMemberships(
  db: Db,
  userId: number,
  memberships: { merchantId: number; roleId: number; showQrDisplayName: boolean; active: boolean }[],
) {
  await db
    .insertInto('memberships')
    .values(
      memberships.map((m) => ({
        user_id: userId,
        merchant_id: m.merchantId,
        role_id: m.roleId,
        show_qr_display_name: m.showQrDisplayName,
        active: m.active,
      })),
    )
    .execute();
}

export async function updateMembership(
  db: Db,
  userId: number,
  merchantId: number,
  change: { roleId: number; showQrDisplayName: boolean; active: boolean },
) {
  await db
    .updateTable('memberships')
    .set({ role_id: change.roleId, show_qr_display_name: change.showQrDisplayName, active: change.active })
    .where('user_id', '=', userId)
    .where('merchant_id', '=', merchantId)
    .execute();
}

export async function updateDisplayName(db: Db, userId: number, displayName: string) {
  await db.updateTable('users').set({ display_name: displayName }).where('id', '=', userId).execute();
}

export async function deleteMemberships(db: Db, userId: number, merchantIds: readonly number[]) {
  await db
    .deleteFrom('memberships')
    .where('user_id', '=', userId)
    .where('merchant_id', 'in', merchantIds)
    .execute();
}

/**
 * A user left without any merchant keeps their row (orders and batches name who made them) but
 * can no longer sign in, and needs a new activation to come back.
 */
export async function retireUserWithoutMemberships(
  db: Db,
  userId: number,
  unusableHash: string,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ disabled: true, password_hash: unusableHash })
    .where('id', '=', userId)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('memberships').select('user_id').where('user_id', '=', userId))),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Serialises changes to one merchant's super administrators (the limit is counted under it). */
export async function lockMerchant(db: Db, merchantId: number) {
  await db.selectFrom('merchants').select('id').where('id', '=', merchantId).forUpdate().execute();
}

export async function countSuperAdmins(db: Db, merchantId: number, superAdminRoleId: number) {
  const row = await db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('merchant_id', '=', merchantId)
    .where('role_id', '=', superAdminRoleId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The other merchants of the current merchant's chain (its parent organization and the parent's
 * branches, or its own branches) where `callerId` is an active super administrator, by id.
 */
export async function chainMerchantsOfSuperAdmin(
  db: Db,
  merchantId: number,
  callerId: number,
  superAdminRoleId: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('merchants as cur')
    .innerJoin('organizations as cur_org', 'cur_org.id', 'cur.organization_id')
    .innerJoin('organizations as o', (join) =>
      join.on((eb) =>
        eb.or([
          eb('o.id', '=', eb.fn.coalesce('cur_org.parent_id', 'cur_org.id')),
          eb('o.parent_id', '=', eb.fn.coalesce('cur_org.parent_id', 'cur_org.id')),
        ]),
      ),
    )
    .innerJoin('merchants as mer', 'mer.organization_id', 'o.id')
    .innerJoin('memberships as m', (join) =>
      join
        .onRef('m.merchant_id', '=', 'mer.id')
        .on('m.user_id', '=', callerId)
        .on('m.role_id', '=', superAdminRoleId)
        .on('m.active', '=', true),
    )
    .select('mer.id')
    .where('cur.id', '=', merchantId)
    .where('mer.id', '!=', merchantId)
    .orderBy('mer.id')
    .execute();
  return rows.map((row) => row.id);
}

/** Merchants where this user is a super administrator, among `merchantIds`. */
export async function superAdminMerchantsOf(
  db: Db,
  userId: number,
  merchantIds: readonly number[],
  superAdminRoleId: number,
): Promise<number[]> {
  if (merchantIds.length === 0) return [];
  const rows = await db
    .selectFrom('memberships')
    .select('merchant_id')
    .where('user_id', '=', userId)
    .where('role_id', '=', superAdminRoleId)
    .where('merchant_id', 'in', merchantIds)
    .execute();
  return rows.map((row) => row.merchant_id);
}
