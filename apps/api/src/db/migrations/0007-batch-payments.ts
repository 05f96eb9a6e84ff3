import { sql, type Kysely } from 'kysely';

const BATCH_STATUSES = sql.raw(
  `'NEW', 'PENDING_APPROVAL', 'APPROVED', 'INVALID_PAYEE', 'VALIDATED', 'PROCESSING', 'REJECTED', 'COMPLETED', 'FAILED', 'COMPLETED_WITH_ERRORS'`,
);

/**
 * Batch payments (spec section 3, ADR 022): a merchant uploads a CSV of payees, a job checks each
 * row against the payee directory and prices the batch, then (later) it is approved and paid. The
 * uploaded file is kept as it came, so the job can be retried and the error log rebuilt.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Who may be paid: wallet users and merchants' main wallets, each under a `@handle`, while active.
  await db.schema
    .alterTable('consumers')
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema
    .alterTable('merchants')
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  // A merchant's wallet ID is its username (spec section 3); its handle is that with an `@`.
  await sql`create index merchants_payee_handle on merchants (('@' || lower(username)))`.execute(db);
  await sql`
    create view payee_directory as
      select c.handle, 'CONSUMER' as profile_type, c.id as consumer_id, null::integer as merchant_id,
             c.wallet_account_id as account_id, c.display_name, c.email, null::text as phone_number, c.active
        from consumers c
      union all
      select '@' || lower(m.username), 'MERCHANT', null::integer, m.id,
             a.id, m.name, m.email, m.phone_number, m.active
        from merchants m
        join accounts a on a.merchant_id = m.id and a.type = 'LYNK'
  `.execute(db);

  await db.schema
    .createTable('batch_payments')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(name) <= 100`))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file', 'bytea', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in (${BATCH_STATUSES})`))
    // The fee schedule in force at upload: the job prices the batch with it.
    .addColumn('fee_basis_points', 'integer', (c) =>
      c.notNull().check(sql`fee_basis_points between 0 and 10000`),
    )
    .addColumn('fee_fixed_cents', 'bigint', (c) => c.notNull().check(sql`fee_fixed_cents >= 0`))
    .addColumn('payee_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paid_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('subtotal', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`subtotal >= 0`),
    )
    .addColumn('lynk_fee', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`lynk_fee >= 0`),
    )
    .addColumn('lynk_fee_gct', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`lynk_fee_gct >= 0`),
    )
    .addColumn('total', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_checked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_total', 'integer', (c) => c.notNull().defaultTo(0))
    // A problem with the file as a whole (unreadable, wrong header, no rows); rows carry their own.
    .addColumn('error', 'text')
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('completed_at', 'timestamptz')
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('reviewed_by', 'integer', (c) => c.references('users.id'))
    .addColumn('reject_reason', 'text', (c) => c.check(sql`length(reject_reason) <= 45`))
    .addColumn('account_id', 'integer', (c) => c.references('accounts.id'))
    .addColumn('account_type', 'text')
    .addColumn('cash_in_id', 'text')
    .addCheckConstraint('batch_payments_total', sql`total = subtotal + lynk_fee + lynk_fee_gct`)
    .execute();
  // Batch ids are what staff read out: five digits from the first.
  await sql`alter table batch_payments alter column id restart with 10001`.execute(db);
  // The payment history: a merchant's batches by upload time.
  await sql`create index batch_payments_listing on batch_payments (merchant_id, created_at, id)`.execute(db);

  await db.schema
    .createTable('batch_payees')
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('batch_payments.id').onDelete('cascade'))
    // The data row's number in the file, 1 for the first row after the header.
    .addColumn('row_number', 'integer', (c) => c.notNull())
    // As the file wrote them, kept for the error log and the receipt.
    .addColumn('lynk_id', 'text', (c) => c.notNull())
    .addColumn('amount_text', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    // Set when the row reads right: the amount in cents, its estimated fee and GCT, the wallet paid.
    .addColumn('amount', 'bigint', (c) => c.check(sql`amount > 0`))
    .addColumn('fee', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`fee >= 0`),
    )
    .addColumn('gct', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`gct >= 0`),
    )
    .addColumn('account_id', 'integer', (c) => c.references('accounts.id'))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('VALID', 'INVALID', 'PAID', 'FAILED')`),
    )
    .addColumn('error', 'text')
    // The batch's payees are written and read in row order (validation, error log, processing).
    .addPrimaryKeyConstraint('batch_payees_pk', ['batch_id', 'row_number'])
    .addCheckConstraint(
      'batch_payees_invalid_has_error',
      sql`(status = 'INVALID') = (error is not null) or status = 'FAILED'`,
    )
    .addCheckConstraint(
      'batch_payees_valid_complete',
      sql`status = 'INVALID' or (amount is not null and account_id is not null)`,
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('batch_payees').execute();
  await db.schema.dropTable('batch_payments').execute();
  await sql`drop view payee_directory`.execute(db);
  await sql`drop index merchants_payee_handle`.execute(db);
  await db.schema.alterTable('merchants').dropColumn('active').execute();
  await db.schema.alterTable('consumers').dropColumn('active').execute();
}
