import { sql, type Kysely } from 'kysely';

/**
 * A cashier's shifts, closed at the cash-up (modules/shifts). A closed shift keeps the payments
 * and refunds it counted as rows of its own, so what a cashier handed over reads the same for
 * ever: nothing is updated but the one mark a manager sets when a disputed shift is reopened.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shifts')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('cashier_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('closed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('closed_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('reopened_at', 'timestamptz')
    .addColumn('reopened_by', 'integer', (c) => c.references('users.id'))
    .addColumn('reopen_reason', 'text')
    .addCheckConstraint('shifts_end_after_start', sql`closed_at > started_at`)
    .addCheckConstraint(
      'shifts_reopened_whole',
      sql`(reopened_at is null) = (reopened_by is null) and (reopened_at is null) = (reopen_reason is null)
          and (reopen_reason is null or length(reopen_reason) between 1 and 200)`,
    )
    .execute();
  // Two closes of the same open shift at once: the second insert meets this and is refused, so
  // one shift is made, never two (a reopened shift steps aside for the one that replaces it).
  await sql`create unique index shifts_one_close on shifts (merchant_id, cashier_id, started_at)
            where reopened_at is null`.execute(db);
  await sql`create index shifts_listing on shifts (merchant_id, closed_at, id)`.execute(db);
  await sql`create index shifts_of_cashier on shifts (merchant_id, cashier_id, closed_at, id)`.execute(db);

  await db.schema
    .createTable('shift_entries')
    .addColumn('shift_id', 'bigint', (c) => c.notNull().references('shifts.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('PAYMENT', 'REFUND')`))
    // The order's id for a payment, the refund's (its journal entry) for a refund.
    .addColumn('entry_id', 'bigint', (c) => c.notNull())
    .addColumn('order_id', 'bigint', (c) => c.notNull().references('orders.id'))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('shift_entries_pk', ['shift_id', 'kind', 'entry_id'])
    .execute();
  // "Was this payment already counted by a shift that stands?" is asked of every open shift.
  await sql`create index shift_entries_counted on shift_entries (kind, entry_id)`.execute(db);
  // The open shift reads a cashier's payments by when they were paid.
  await sql`create index orders_cashier_paid on orders (merchant_id, created_by, paid_at)
            where paid_at is not null`.execute(db);

  await sql`
    create function shifts_are_kept() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and old.reopened_at is null and new.reopened_at is not null
         and (new.id, new.merchant_id, new.cashier_id, new.started_at, new.closed_at, new.closed_by)
             is not distinct from
             (old.id, old.merchant_id, old.cashier_id, old.started_at, old.closed_at, old.closed_by) then
        return new;
      end if;
      raise exception 'a closed shift is never changed, only reopened once';
    end $$`.execute(db);
  await sql`
    create function shift_entries_are_kept() returns trigger language plpgsql as $$
    begin
      raise exception 'what a closed shift counted is never changed';
    end $$`.execute(db);
  await sql`
    create trigger shifts_are_kept before update or delete on shifts
    for each row execute function shifts_are_kept()`.execute(db);
  await sql`
    create trigger shift_entries_are_kept before update or delete on shift_entries
    for each row execute function shift_entries_are_kept()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('shift_entries').execute();
  await db.schema.dropTable('shifts').execute();
  await sql`drop function shifts_are_kept()`.execute(db);
  await sql`drop function shift_entries_are_kept()`.execute(db);
  await sql`drop index orders_cashier_paid`.execute(db);
}
