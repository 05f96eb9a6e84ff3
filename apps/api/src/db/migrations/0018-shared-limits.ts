import type { Kysely } from 'kysely';

/**
 * Limits shared by every instance (docs/decisions/042): the counters that decide access live in
 * the database, one row per key, so N API processes behind a balancer enforce one budget.
 * `rate_limit_counters` holds fixed-window request counters (the site-wide and sign-in rate
 * limits); `sign_in_failures` the per-account failures and lock-outs of passwords and second
 * factors. Both are swept by the maintenance job once nobody can need them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'bigint', (c) => c.notNull())
    .addColumn('window_ends_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sign_in_failures')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('locked_until', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sign_in_failures').execute();
  await db.schema.dropTable('rate_limit_counters').execute();
}
