import { sql, type Kysely } from 'kysely';

/**
 * Paying a batch (ADR 023): each payee row moves from VALID to PAID (with the journal entry that
 * paid it) or FAILED in the ledger engine's statement, so a payee is paid at most once whatever
 * crashes. The batch keeps the week its payees count against the weekly batch limit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('batch_payees')
    .addColumn('entry_id', 'bigint')
    .addColumn('paid_at', 'timestamptz')
    .execute();
  await sql`
    alter table batch_payees add constraint batch_payees_paid_has_entry
      check ((status = 'PAID') = (entry_id is not null and paid_at is not null))`.execute(db);
  await sql`alter table batch_payees add constraint batch_payees_failed_has_error
      check (status <> 'FAILED' or error is not null)`.execute(db);
  await db.schema.alterTable('batch_payments').addColumn('limit_period_start', 'date').execute();
  // The processing resumes batches left APPROVED or PROCESSING (a restart, a lost job).
  await sql`create index batch_payments_in_flight on batch_payments (updated_at)
      where status in ('APPROVED', 'PROCESSING')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index batch_payments_in_flight`.execute(db);
  await db.schema.alterTable('batch_payments').dropColumn('limit_period_start').execute();
  await sql`alter table batch_payees drop constraint batch_payees_failed_has_error`.execute(db);
  await sql`alter table batch_payees drop constraint batch_payees_paid_has_entry`.execute(db);
  await db.schema.alterTable('batch_payees').dropColumn('paid_at').dropColumn('entry_id').execute();
}
