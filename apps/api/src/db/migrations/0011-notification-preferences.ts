import { sql, type Kysely } from 'kysely';

/**
 * A merchant's notification preferences (docs/decisions/027): one row per code switched on or off;
 * a code without a row is on. LOW_BALANCE is not stored here: its switch is the merchant's
 * `low_balance_enabled`, beside its threshold. The writers of notifications (the ledger function,
 * the batch transitions) skip a code whose row says off, in the statement that would insert it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notification_preferences')
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addPrimaryKeyConstraint('notification_preferences_pk', ['merchant_id', 'code'])
    .addCheckConstraint('notification_preferences_code', sql`code <> 'LOW_BALANCE'`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_preferences').execute();
}
