import { sql } from 'kysely';
import { ROLE_IDS, ROLE_NAMES, ROLE_PERMISSIONS, type RoleId } from '@lynk/contract/roles';
import type { SessionIdentity } from '@lynk/contract/session';
import { EMAIL_DOMAIN } from '../../world/demo-seed.ts';
import { newKey } from '../accounts.ts';
import type { TestApp } from '../test-app.ts';

/**
 * What the matrix's tenants take straight from the database or put there, with no actor and no
 * session: members' identities, staff members, the merchant outside the chain, its accounts and
 * batches, and where the ids of what is made next start.
 */

type Db = TestApp['database']['db'];

export interface StaffTarget {
  id: number;
  authId: string;
  email: string;
  displayName: string;
}

/** A member's identity as the provider puts it in their tokens. */
export async function memberIdentity(db: Db, email: string, merchantId: number): Promise<SessionIdentity> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('memberships as m', 'm.user_id', 'u.id')
    .innerJoin('merchants as mc', 'mc.id', 'm.merchant_id')
    .select(['u.id', 'u.auth_id', 'u.display_name', 'u.email', 'm.role_id', 'mc.organization_id'])
    .where('u.email', '=', email)
    .where('m.merchant_id', '=', merchantId)
    .executeTakeFirstOrThrow();
  const roleId = row.role_id as RoleId;
  return {
    id: String(row.id),
    authID: row.auth_id,
    role: ROLE_NAMES[roleId],
    role_id: roleId,
    displayName: row.display_name,
    email: row.email,
    org_id: row.organization_id,
    merchant_id: merchantId,
    permissions: [...ROLE_PERMISSIONS[roleId]],
  };
}

/** A staff member added straight to the database (no actor, no session). */
export async function addStaffMember(
  db: Db,
  merchantId: number,
  tag: string,
  roleId: RoleId = ROLE_IDS.MANAGER,
): Promise<StaffTarget> {
  const unique = `${tag}-${newKey()}`;
  const staff = {
    auth_id: `lynk|matrix-${unique}`,
    email: `matrix.${unique}@${EMAIL_DOMAIN}`.toLowerCase(),
    display_name: `Matrix ${tag} ${unique.slice(-6)}`,
    password_hash: 'not-a-hash',
  };
  const { id } = await db.insertInto('users').values(staff).returning('id').executeTakeFirstOrThrow();
  await db
    .insertInto('memberships')
    .values({ user_id: id, merchant_id: merchantId, role_id: roleId })
    .execute();
  return { id, authId: staff.auth_id, email: staff.email, displayName: staff.display_name };
}

/** The merchant outside the chain: an organization of its own, its wallets and its admin. */
export async function createOutsideMerchant(db: Db): Promise<{ merchantId: number; adminEmail: string }> {
  const merchantId = 2000;
  const orgId = 'org_2000';
  const adminEmail = 'owner@harbourview-bakery.example';
  await db
    .insertInto('organizations')
    .values({ id: orgId, parent_id: null, name: 'Harbour View Bakery' })
    .execute();
  await db
    .insertInto('merchants')
    .values({
      id: merchantId,
      organization_id: orgId,
      name: 'Harbour View Bakery',
      username: 'harbourview.bakery',
      qr_code: 'lynk://pay/harbourview.bakery',
    })
    .execute();
  await db
    .insertInto('accounts')
    .values([
      { merchant_id: merchantId, type: 'LYNK', currency: 'JMD', account_ref: `LYNK-${merchantId}` },
      {
        merchant_id: merchantId,
        type: 'CBDC',
        currency: 'JAM-DEX',
        account_ref: `JAMDEX-${merchantId}`,
        external_reference: 'jamdex:wallet:harbourview.bakery',
      },
      {
        merchant_id: merchantId,
        type: 'BANK_ACCOUNT',
        currency: 'JMD',
        account_ref: `BANK-${merchantId}-1`,
        details: JSON.stringify({ bank_name: 'JN Bank', masked_bank_account: '****7788' }) as never,
      },
    ])
    .execute();
  const { id } = await db
    .insertInto('users')
    .values({
      auth_id: 'lynk|harbourview-owner',
      email: adminEmail,
      display_name: 'Delroy Harbour',
      password_hash: 'not-a-hash',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('memberships')
    .values({ user_id: id, merchant_id: merchantId, role_id: ROLE_IDS.ADMIN })
    .execute();
  return { merchantId, adminEmail };
}

/** Tables whose ids the answers show: another tenant's are moved far from any other id. */
const ID_TABLES = [
  'orders',
  'journal_entries',
  'transfers',
  'batch_payments',
  'notifications',
  'report_exports',
  'background_exports',
  'users',
  'shifts',
];

/**
 * Starts the ids of the objects made next at `start`, each table a million apart: an id of another
 * tenant's then matches nothing else in an answer (a seeded order's 1234 could be a count, or
 * another table's id).
 */
export async function startIdsAt(db: Db, start: number) {
  for (const [i, table] of ID_TABLES.entries()) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), ${start + i * 1_000_000})`.execute(db);
  }
}

/** Where the ids of what the matrix makes start, past every tenant's. */
export const MATRIX_IDS_FROM = 730_000_000;

export type BatchRole = 'validated' | 'pending' | 'completed' | 'withErrors';

const BATCH_STATES: Record<BatchRole, string> = {
  validated: 'VALIDATED',
  pending: 'PENDING_APPROVAL',
  completed: 'COMPLETED',
  withErrors: 'INVALID_PAYEE',
};

export async function batchesOf(
  db: Db,
  merchantId: number,
  made: number,
): Promise<Record<BatchRole, number>> {
  const rows = await db
    .selectFrom('batch_payments')
    .select(['id', 'status'])
    .where('merchant_id', '=', merchantId)
    .orderBy('id')
    .execute();
  const roles = Object.keys(BATCH_STATES) as BatchRole[];
  return Object.fromEntries(
    roles.map((role) => [role, rows.find((row) => row.status === BATCH_STATES[role])?.id ?? made]),
  ) as Record<BatchRole, number>;
}

export async function accountsOf(db: Db, merchantId: number) {
  const rows = await db
    .selectFrom('accounts')
    .select(['id', 'type', 'account_ref'])
    .where('merchant_id', '=', merchantId)
    .orderBy('id')
    .execute();
  return {
    walletId: rows.find((r) => r.type === 'LYNK')!.id,
    cbdcRef: rows.find((r) => r.type === 'CBDC')!.account_ref,
    bankId: rows.find((r) => r.type === 'BANK_ACCOUNT')!.id,
  };
}
