import { sql, type Kysely } from 'kysely';

/**
 * A batch's file is stored in parts of at most 1 MiB rather than as one value: the upload writes
 * a part at a time, so a 20 MB file never becomes one 40 MB hex parameter (and its wire copy) in
 * the server's memory, and the validation reads it back a part at a time. Parts are kept
 * uncompressed out of line, like the whole file was (0009). The file's size is kept on the batch.
 *
 * Each payee row keeps its Lynk ID as the directory knows it (`lynk_key`, lower case with its
 * `@`): rows repeating an earlier row's payee are found with one statement at the end of the
 * validation, rather than by a map of every handle of the file held in memory.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('batch_file_parts')
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('batch_payments.id').onDelete('cascade'))
    .addColumn('part', 'integer', (c) => c.notNull().check(sql`part >= 0`))
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .addPrimaryKeyConstraint('batch_file_parts_pkey', ['batch_id', 'part'])
    .execute();
  await sql`alter table batch_file_parts alter column bytes set storage external`.execute(db);
  await db.schema
    .alterTable('batch_payments')
    .addColumn('file_bytes', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`file_bytes >= 0`),
    )
    .execute();
  // Files stored before: each becomes its batch's one part.
  await sql`insert into batch_file_parts (batch_id, part, bytes) select id, 0, file from batch_payments`.execute(
    db,
  );
  await sql`update batch_payments set file_bytes = octet_length(file)`.execute(db);
  await db.schema.alterTable('batch_payments').dropColumn('file').execute();
  await db.schema.alterTable('batch_payees').addColumn('lynk_key', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('batch_payees').dropColumn('lynk_key').execute();
  await db.schema
    .alterTable('batch_payments')
    .addColumn('file', 'bytea', (c) => c.notNull().defaultTo(sql`''::bytea`))
    .execute();
  await sql`
    update batch_payments b set file = coalesce(
      (select string_agg(p.bytes, ''::bytea order by p.part) from batch_file_parts p where p.batch_id = b.id),
      ''::bytea)
  `.execute(db);
  await db.schema.alterTable('batch_payments').dropColumn('file_bytes').execute();
  await db.schema.dropTable('batch_file_parts').execute();
}
