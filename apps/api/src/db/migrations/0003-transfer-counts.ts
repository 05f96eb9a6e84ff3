import { sql, type Kysely } from 'kysely';

/**
 * Counting a merchant's whole history for the "of n entries" footer would scan up to millions of
 * index entries on every page. The counts are kept per merchant (and JAM-DEX flag) by statement
 * triggers instead, in the same transaction as the rows, so they cannot drift.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('transfer_counts')
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('jam_dex', 'boolean', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull().check(sql`n >= 0`))
    .addPrimaryKeyConstraint('transfer_counts_pk', ['merchant_id', 'jam_dex'])
    .execute();

  await sql`
    create function transfer_counts_after_insert() returns trigger language plpgsql as $$
    begin
      insert into transfer_counts (merchant_id, jam_dex, n)
      select merchant_id, jam_dex, count(*) from inserted group by merchant_id, jam_dex
      on conflict (merchant_id, jam_dex) do update set n = transfer_counts.n + excluded.n;
      return null;
    end $$`.execute(db);
  await sql`
    create function transfer_counts_after_delete() returns trigger language plpgsql as $$
    begin
      update transfer_counts c set n = c.n - d.removed
      from (select merchant_id, jam_dex, count(*) as removed from deleted group by merchant_id, jam_dex) d
      where c.merchant_id = d.merchant_id and c.jam_dex = d.jam_dex;
      return null;
    end $$`.execute(db);
  await sql`create trigger transfers_count_insert after insert on transfers
    referencing new table as inserted for each statement execute function transfer_counts_after_insert()`.execute(
    db,
  );
  await sql`create trigger transfers_count_delete after delete on transfers
    referencing old table as deleted for each statement execute function transfer_counts_after_delete()`.execute(
    db,
  );

  await sql`insert into transfer_counts (merchant_id, jam_dex, n)
    select merchant_id, jam_dex, count(*) from transfers group by merchant_id, jam_dex`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger transfers_count_delete on transfers`.execute(db);
  await sql`drop trigger transfers_count_insert on transfers`.execute(db);
  await sql`drop function transfer_counts_after_delete()`.execute(db);
  await sql`drop function transfer_counts_after_insert()`.execute(db);
  await db.schema.dropTable('transfer_counts').execute();
}
