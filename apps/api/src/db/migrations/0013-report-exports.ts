import { sql, type Kysely } from 'kysely';

/**
 * Every report a staff member exports is recorded (docs/decisions/029): "Last Reports" lists a
 * user's latest five, and those five keep their file so they can be downloaded again. Older rows
 * keep what was exported, when and by whom, without the file.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('report_exports')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('wallet', 'text', (c) => c.notNull().check(sql`wallet in ('lynk', 'jam-dex')`))
    .addColumn('tables', 'jsonb', (c) => c.notNull())
    .addColumn('start_date', 'date', (c) => c.notNull())
    .addColumn('end_date', 'date', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('entries', 'integer', (c) => c.notNull().check(sql`entries >= 0`))
    .addColumn('csv', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('report_exports_range', sql`start_date <= end_date`)
    .execute();
  // "Last Reports": a user's newest reports at one merchant, read from the index alone in order.
  await sql`create index report_exports_latest on report_exports (user_id, merchant_id, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('report_exports').execute();
}
