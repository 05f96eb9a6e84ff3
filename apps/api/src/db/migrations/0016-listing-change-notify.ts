import { sql, type Kysely } from 'kysely';
import {
  LISTING_CHANGES_NOTIFY,
  LISTING_CHANGES_NOTIFY_RENAME,
  LISTING_TABLES,
} from '../functions/listing-changes/function.ts';

/**
 * Statement triggers announcing which merchants' listings a committed write changed (ADR 032), so
 * the server's listing cache is invalidated by the database itself: whatever wrote the rows (this
 * server, a job, the bulk seeder, another server on the same PostgreSQL).
 *
 * A trigger with transition tables takes one event, hence three per table. The functions are
 * created here because a trigger needs its function to exist; `installFunctions` keeps them
 * current afterwards like every other function (ADR 020).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(LISTING_CHANGES_NOTIFY).execute(db);
  await sql.raw(LISTING_CHANGES_NOTIFY_RENAME).execute(db);
  for (const [table, column] of LISTING_TABLES) {
    const t = sql.id(table);
    const arg = sql.lit(column);
    await sql`create trigger ${sql.id(`${table}_listing_insert`)} after insert on ${t}
      referencing new table as listing_new
      for each statement execute function listing_changes_notify(${arg})`.execute(db);
    await sql`create trigger ${sql.id(`${table}_listing_update`)} after update on ${t}
      referencing old table as listing_old new table as listing_new
      for each statement execute function listing_changes_notify(${arg})`.execute(db);
    await sql`create trigger ${sql.id(`${table}_listing_delete`)} after delete on ${t}
      referencing old table as listing_old
      for each statement execute function listing_changes_notify(${arg})`.execute(db);
    await sql`create trigger ${sql.id(`${table}_listing_truncate`)} after truncate on ${t}
      for each statement execute function listing_changes_notify(${arg})`.execute(db);
  }
  await sql`create trigger users_listing_rename after update on users
    referencing old table as listing_old new table as listing_new
    for each statement execute function listing_changes_notify_rename()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger users_listing_rename on users`.execute(db);
  for (const [table] of LISTING_TABLES) {
    for (const event of ['insert', 'update', 'delete', 'truncate']) {
      await sql`drop trigger ${sql.id(`${table}_listing_${event}`)} on ${sql.id(table)}`.execute(db);
    }
  }
  await sql`drop function listing_changes_notify_rename()`.execute(db);
  await sql`drop function listing_changes_notify()`.execute(db);
}
