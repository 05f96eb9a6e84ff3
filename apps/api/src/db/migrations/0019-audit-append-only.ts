import { sql, type Kysely } from 'kysely';

/**
 * The audit log is evidence: once written, a row is never changed or removed, by the code, by a
 * hand-written fix or by someone covering their tracks with the application's credentials. The
 * database refuses UPDATE, DELETE and TRUNCATE on it (SQLSTATE class 23, as the ledger's
 * append-only tables do, migration 0004). Reading it, as migration 0017 does, is unaffected.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function audit_log_is_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log is append-only: % refused', tg_op
        using errcode = 'integrity_constraint_violation';
    end $$`.execute(db);
  await sql`create trigger audit_log_append_only before update or delete on audit_log
    for each row execute function audit_log_is_append_only()`.execute(db);
  await sql`create trigger audit_log_no_truncate before truncate on audit_log
    for each statement execute function audit_log_is_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger audit_log_no_truncate on audit_log`.execute(db);
  await sql`drop trigger audit_log_append_only on audit_log`.execute(db);
  await sql`drop function audit_log_is_append_only()`.execute(db);
}
