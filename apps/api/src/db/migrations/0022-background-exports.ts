import { sql, type Kysely } from 'kysely';

/**
 * "Export all": a listing's rows over any range, written by a background job into gzipped chunks
 * kept in the database, which every instance of a fleet reads (the worker that writes the file is
 * not the web instance that serves it). Each chunk is one gzip member of one page of rows, written
 * in the transaction that moves the export's `cursor`, `rows_done` and `chunks` on; `run` numbers
 * each attempt, and a worker writes only while its run is the export's current one. A run taken
 * over after a crash goes on from the last chunk written, and only a run that reached the end
 * marks the export READY: the file is whole or not offered. Files are kept 7 days.
 * A notification may name the one staff member it is for (`recipient_user_id`): "your export is
 * ready" is nobody else's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('background_exports')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) =>
      c.notNull().check(sql`source in ('orders', 'refunds', 'transfers', 'payments', 'payouts')`),
    )
    // Whose view of the listing the file holds: the requester's identity when they asked.
    .addColumn('identity', 'jsonb', (c) => c.notNull())
    .addColumn('start_date', 'date')
    .addColumn('end_date', 'date')
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('QUEUED', 'RUNNING', 'READY', 'FAILED')`),
    )
    .addColumn('run', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('chunks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cursor', 'jsonb')
    .addColumn('bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('heartbeat_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint(
      'background_exports_range',
      sql`start_date is null or end_date is null or start_date <= end_date`,
    )
    .execute();
  await sql`create index background_exports_latest on background_exports (user_id, merchant_id, id desc)`.execute(
    db,
  );
  await sql`create index background_exports_expiry on background_exports (expires_at)`.execute(db);
  await db.schema
    .createTable('background_export_chunks')
    .addColumn('export_id', 'bigint', (c) =>
      c.notNull().references('background_exports.id').onDelete('cascade'),
    )
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('data', 'bytea', (c) => c.notNull())
    .addPrimaryKeyConstraint('background_export_chunks_pk', ['export_id', 'seq'])
    .execute();
  await sql`alter table notifications add column recipient_user_id integer references users(id) on delete cascade`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notifications drop column recipient_user_id`.execute(db);
  await db.schema.dropTable('background_export_chunks').execute();
  await db.schema.dropTable('background_exports').execute();
}
