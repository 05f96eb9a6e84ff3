import { sql, type Kysely } from 'kysely';
import { ROLE_IDS } from '@lynk/contract/roles';
import type { Database } from '../db/schema.ts';
import type { BranchStaff } from './demo-order-plan.ts';

/** Wallet users who pay the bulk orders (`@first.last.n`), on top of the demo customers. */
const BULK_CUSTOMERS = 2_000;
const FIRST = [
  'Aaliyah',
  'Brandon',
  'Chantelle',
  'Dalton',
  'Empress',
  'Fabian',
  'Georgia',
  'Horace',
  'Imani',
  'Jermaine',
];
const LAST = [
  'Campbell',
  'Williams',
  'Brown',
  'Thompson',
  'Reid',
  'Francis',
  'McKenzie',
  'Bailey',
  'Grant',
  'Spence',
];

/** Cashiers added to each branch, so the orders are spread over several tills. */
const EXTRA_CASHIERS = [
  ['Tricia Allen', 'Omar Beckford', 'Latoya Sinclair'],
  ['Jevaughn Clarke', 'Sasha-Kay Dunn', 'Romario Ellis'],
  ['Kadian Forbes', 'Devon Hylton', 'Monique Ivey'],
];

/**
 * The bulk customers: a J$ wallet each and the demo password (one hash for all: they are load, not
 * people). Created once; a second run finds them.
 */
export async function ensureBulkCustomers(db: Kysely<Database>, passwordHash: string): Promise<void> {
  await sql`
    with people as (
      select lower((${FIRST}::text[])[1 + g % ${sql.lit(FIRST.length)}]) || '.'
             || lower((${LAST}::text[])[1 + (g / ${sql.lit(FIRST.length)}) % ${sql.lit(LAST.length)}]) || '.' || g
             as handle
      from generate_series(1, ${BULK_CUSTOMERS}::int) g),
    wallets as (
      insert into accounts (merchant_id, type, currency, account_ref, label)
      select null, 'CONSUMER', 'JMD', 'CONSUMER-JMD-' || handle, '@' || handle from people
      on conflict (account_ref) do nothing
      returning id, label)
    insert into consumers (handle, email, display_name, password_hash, wallet_account_id)
    select label, substr(label, 2) || '@shoppers.example',
           initcap(split_part(label, '.', 1)) || ' ' || initcap(split_part(label, '.', 2)),
           ${passwordHash}, id
    from wallets`.execute(db);
}

/** The bulk customers' wallets, numbered from 0 (the bulk orders pick their payer by number). */
export async function bulkCustomerWallets(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('consumers')
    .select(['wallet_account_id as accountId', 'handle'])
    .where('email', 'like', '%@shoppers.example')
    .orderBy('id')
    .execute();
  if (rows.length === 0) throw new Error('No bulk customers: run ensureBulkCustomers first');
  return rows;
}

/** A few more cashiers per branch (created once), signed in with the demo password. */
export async function ensureBulkCashiers(
  db: Kysely<Database>,
  branches: Array<{ slug: string; staff: BranchStaff }>,
  emailDomain: string,
  passwordHash: string,
): Promise<Map<number, Array<{ userId: number; displayName: string }>>> {
  const cashiers = new Map<number, Array<{ userId: number; displayName: string }>>();
  for (const [i, { slug, staff }] of branches.entries()) {
    const extra = [];
    for (const [k, displayName] of (EXTRA_CASHIERS[i % EXTRA_CASHIERS.length] ?? []).entries()) {
      const email = `cashier${k + 2}.${slug}@${emailDomain}`;
      await db
        .insertInto('users')
        .values({
          auth_id: `lynk|bulk-${email.split('@')[0]}`,
          email,
          display_name: displayName,
          password_hash: passwordHash,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      const user = await db
        .selectFrom('users')
        .select(['id', 'display_name'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      await db
        .insertInto('memberships')
        .values({
          user_id: user.id,
          merchant_id: staff.merchantId,
          role_id: ROLE_IDS.CASHIER,
          show_qr_display_name: true,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      extra.push({ userId: user.id, displayName: user.display_name });
    }
    cashiers.set(staff.merchantId, [staff.cashier, ...extra]);
  }
  return cashiers;
}
