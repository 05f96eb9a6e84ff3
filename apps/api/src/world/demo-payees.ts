import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Wallet users a demo merchant can pay in a batch or a single payment: enough for a real payroll
 * file. Every combination of these first and last names, with wallet IDs such as `@marcia.campbell`,
 * each with an empty J$ wallet (they receive money, they were never topped up). The demo merchants'
 * own wallets (`@bluemountain`, `@bmc.kingston`, `@bmc.montego`, `@bmc.ochorios`) are payees too.
 */
const FIRST_NAMES = [
  'marcia', 'delroy', 'sharon', 'winston', 'paulette', 'conroy', 'yvonne', 'desmond', 'carlene', 'leroy',
  'monique', 'omar', 'kadian', 'jermaine', 'sashana', 'damian', 'tamika', 'garfield', 'nadia', 'ricardo',
] as const; // prettier-ignore
const LAST_NAMES = [
  'campbell', 'williams', 'brown', 'thompson', 'smith', 'reid', 'clarke', 'johnson', 'gordon', 'francis',
  'stewart', 'graham', 'bailey', 'morgan', 'henry',
] as const; // prettier-ignore

export const DEMO_PAYEE_COUNT = FIRST_NAMES.length * LAST_NAMES.length;
/** The one payee whose wallet is closed: a batch paying it is refused with the spec's text. */
export const INACTIVE_DEMO_PAYEE = '@ricardo.henry';
/** A few wallet IDs the README offers for trying a payout. */
export const SAMPLE_DEMO_PAYEES = ['@marcia.campbell', '@delroy.williams', '@sharon.brown'] as const;

/**
 * Seeds the demo payees once, set-based (one statement per table, a few milliseconds); running it
 * again changes nothing. They can sign in to the pay page with the demo password's hash given.
 */
export async function seedDemoPayees(
  db: Kysely<Database>,
  passwordHash: () => Promise<string>,
): Promise<boolean> {
  const marker = await db
    .selectFrom('consumers')
    .select('id')
    .where('handle', '=', SAMPLE_DEMO_PAYEES[0])
    .executeTakeFirst();
  if (marker) return false;
  const hash = await passwordHash();
  await db.transaction().execute(async (trx) => {
    await sql`
      with people as (
        select '@' || f.name || '.' || l.name as handle
          from unnest(${[...FIRST_NAMES]}::text[]) as f(name)
          cross join unnest(${[...LAST_NAMES]}::text[]) as l(name)
      ),
      wallets as (
        insert into accounts (merchant_id, type, currency, account_ref, label)
        select null, 'CONSUMER', 'JMD', 'CONSUMER-JMD-' || substr(handle, 2), handle from people
        returning id, label
      )
      insert into consumers (handle, email, display_name, password_hash, wallet_account_id, active)
      select w.label,
             substr(w.label, 2) || '@payees.lynk.example',
             initcap(replace(substr(w.label, 2), '.', ' ')),
             ${hash},
             w.id,
             w.label <> ${INACTIVE_DEMO_PAYEE}
        from wallets w
    `.execute(trx);
  });
  return true;
}
