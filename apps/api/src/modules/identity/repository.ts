import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface UserRecord {
  id: number;
  auth_id: string;
  email: string;
  display_name: string;
  password_hash: string;
  disabled: boolean;
}

export interface MembershipClaims {
  user_id: number;
  auth_id: string;
  email: string;
  display_name: string;
  organization_id: string;
  merchant_id: number;
  role_id: number;
  role_name: string;
  permissions: string[];
}

export function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRecord | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'auth_id', 'email', 'display_name', 'password_hash', 'disabled'])
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export function findUserByAuthId(db: Kysely<Database>, authId: string): Promise<UserRecord | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'auth_id', 'email', 'display_name', 'password_hash', 'disabled'])
    .where('auth_id', '=', authId)
    .executeTakeFirst();
}

function activeMemberships(db: Kysely<Database>) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('merchants as mer', 'mer.id', 'm.merchant_id')
    .innerJoin('organizations as o', 'o.id', 'mer.organization_id')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .select([
      'u.id as user_id',
      'u.auth_id',
      'u.email',
      'u.display_name',
      'o.id as organization_id',
      'mer.id as merchant_id',
      'r.id as role_id',
      'r.name as role_name',
      'r.permissions',
    ])
    .where('m.active', '=', true)
    .where('u.disabled', '=', false);
}

/** The user's active membership in one organization, or undefined when they have none there. */
export async function findMembership(
  db: Kysely<Database>,
  authId: string,
  organizationId: string,
): Promise<MembershipClaims | undefined> {
  return activeMemberships(db)
    .where('u.auth_id', '=', authId)
    .where('o.id', '=', organizationId)
    .executeTakeFirst();
}

/**
 * The organization a sign-in lands on when none is asked for: a top-level organization first (the
 * corporate view of a super admin), then the lowest merchant id.
 */
export async function findDefaultMembership(
  db: Kysely<Database>,
  authId: string,
): Promise<MembershipClaims | undefined> {
  return activeMemberships(db)
    .where('u.auth_id', '=', authId)
    .orderBy(sql`o.parent_id is null`, 'desc')
    .orderBy('mer.id')
    .executeTakeFirst();
}

export async function bindGrantToOrganization(db: Kysely<Database>, grantId: string, organizationId: string) {
  await db
    .insertInto('oidc_grant_organizations')
    .values({ grant_id: grantId, organization_id: organizationId })
    .onConflict((oc) => oc.column('grant_id').doUpdateSet({ organization_id: organizationId }))
    .execute();
}

export async function findGrantOrganization(
  db: Kysely<Database>,
  grantId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('oidc_grant_organizations')
    .select('organization_id')
    .where('grant_id', '=', grantId)
    .executeTakeFirst();
  return row?.organization_id;
}

/** One stored record of the embedded provider (session, code, grant, token…). */
export interface OidcPayloadRow {
  id: string;
  type: string;
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: Date | null;
}

export async function upsertOidcPayload(db: Kysely<Database>, row: OidcPayloadRow): Promise<void> {
  await db
    .insertInto('oidc_payloads')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['id', 'type']).doUpdateSet({
        payload: row.payload,
        grant_id: row.grant_id,
        user_code: row.user_code,
        uid: row.uid,
        expires_at: row.expires_at,
      }),
    )
    .execute();
}

export function findOidcPayload(
  db: Kysely<Database>,
  type: string,
  column: 'id' | 'uid' | 'user_code',
  value: string,
) {
  return db
    .selectFrom('oidc_payloads')
    .select(['payload', 'expires_at', 'consumed_at'])
    .where('type', '=', type)
    .where(column, '=', value)
    .executeTakeFirst();
}

export async function consumeOidcPayload(db: Kysely<Database>, type: string, id: string, at: Date) {
  await db
    .updateTable('oidc_payloads')
    .set({ consumed_at: at })
    .where('id', '=', id)
    .where('type', '=', type)
    .execute();
}

export async function deleteOidcPayload(db: Kysely<Database>, type: string, id: string) {
  await db.deleteFrom('oidc_payloads').where('id', '=', id).where('type', '=', type).execute();
}

export async function deleteOidcGrant(db: Kysely<Database>, grantId: string) {
  await db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute();
}

export async function deleteExpiredOidcPayloads(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db.deleteFrom('oidc_payloads').where('expires_at', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
