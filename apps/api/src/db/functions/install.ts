import { sql, type Kysely } from 'kysely';
import { ANALYTICS_FUNCTIONS } from './analytics-rollups/function.ts';
import { DECIDE } from './ledger-post-batch/decide.ts';
import { LOCK } from './ledger-post-batch/lock.ts';
import { WRITE } from './ledger-post-batch/write.ts';
import { LISTING_CHANGES_NOTIFY, LISTING_CHANGES_NOTIFY_RENAME } from './listing-changes/function.ts';

/** `create or replace function ledger_post_batch(...)` whole (ADR 020), kept in three files by phase. */
const LEDGER_POST_BATCH = `${LOCK}${DECIDE}${WRITE}`;

/**
 * The database's functions are code, not history: each is kept here as it is now and installed
 * with `create or replace` after every migration run (ADR 020). A change to one is an edit here;
 * a migration only changes tables. PL/pgSQL resolves tables when it runs, so a function may name a
 * table a later migration creates.
 */
export async function installFunctions(db: Kysely<unknown>): Promise<void> {
  // Two servers starting together would otherwise replace the same function at once, which
  // PostgreSQL refuses ("tuple concurrently updated"): one installs, the other waits.
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('lynk.install_functions'))`.execute(trx);
    await sql.raw(LEDGER_POST_BATCH).execute(trx);
    await sql.raw(LISTING_CHANGES_NOTIFY).execute(trx);
    await sql.raw(LISTING_CHANGES_NOTIFY_RENAME).execute(trx);
    for (const fn of ANALYTICS_FUNCTIONS) await sql.raw(fn).execute(trx);
  });
}
