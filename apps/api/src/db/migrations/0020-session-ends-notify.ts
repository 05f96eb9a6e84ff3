import { sql, type Kysely } from 'kysely';

/**
 * A portal session deleted (signed out, replaced, its user's staff record changed, purged)
 * is announced on `session_ends` with its id hash, by the database itself, so every instance of a
 * fleet forgets the identity it remembered for it at once (ADR 025, 045) whoever deleted the row.
 * A row-level trigger: the payload is one hash, and the sessions table is not a listing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function session_ends_notify() returns trigger language plpgsql as $$
    begin
      perform pg_notify('session_ends', old.id_hash);
      return old;
    end $$`.execute(db);
  await sql`create trigger sessions_announce_end after delete on sessions
    for each row execute function session_ends_notify()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger sessions_announce_end on sessions`.execute(db);
  await sql`drop function session_ends_notify()`.execute(db);
}
