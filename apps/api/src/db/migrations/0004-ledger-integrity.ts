import { sql, type Kysely } from 'kysely';

/**
 * The ledger's rules, enforced by the database as well as by the code that posts (ADR 008): a bug
 * in TypeScript, a hand-written fix or a second writer cannot leave a wrong ledger behind.
 *
 * - a posting's currency is its account's currency (per row, one primary-key lookup);
 * - an entry's postings sum to zero per currency and it has at least two of them, checked at
 *   commit (a deferred constraint trigger: the postings of one entry are inserted one by one);
 * - postings and journal entries are append-only: a correction is a new, reversing entry.
 *
 * All checks are per row and use an index (accounts' primary key, postings_entry), never a scan.
 * Violations raise SQLSTATE class 23 (integrity constraint violation).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createRowChecks(db);
  await sql`
    create function ledger_is_append_only() returns trigger language plpgsql as $$
    begin
      raise exception '% is append-only: % refused (post a reversing entry instead)', tg_table_name, tg_op
        using errcode = 'integrity_constraint_violation';
    end $$`.execute(db);
  for (const table of ['postings', 'journal_entries']) {
    await sql`create trigger ${sql.id(`${table}_append_only`)} before update or delete on ${sql.id(table)}
      for each row execute function ledger_is_append_only()`.execute(db);
    await sql`create trigger ${sql.id(`${table}_no_truncate`)} before truncate on ${sql.id(table)}
      for each statement execute function ledger_is_append_only()`.execute(db);
  }

  // The rail's sweep looks for bank transfers that stopped moving; only those few rows are indexed.
  await sql`create index transfers_in_flight on transfers (updated_at)
    where status in ('SCHEDULED', 'TRANSMITTED') and not jam_dex`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index transfers_in_flight`.execute(db);
  for (const table of ['postings', 'journal_entries']) {
    await sql`drop trigger ${sql.id(`${table}_no_truncate`)} on ${sql.id(table)}`.execute(db);
    await sql`drop trigger ${sql.id(`${table}_append_only`)} on ${sql.id(table)}`.execute(db);
  }
  await sql`drop function ledger_is_append_only()`.execute(db);
  await sql`drop trigger journal_entries_balanced on journal_entries`.execute(db);
  await sql`drop trigger postings_balanced on postings`.execute(db);
  await sql`drop function journal_entry_is_balanced()`.execute(db);
  await sql`drop function postings_entry_is_balanced()`.execute(db);
  await sql`drop function check_journal_entry(bigint)`.execute(db);
  await sql`drop trigger postings_currency on postings`.execute(db);
  await sql`drop function postings_currency_matches_account()`.execute(db);
}

/** The per-row currency and per-entry balance checks (migration 0005 replaces them; its down restores them). */
export async function createRowChecks(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function postings_currency_matches_account() returns trigger language plpgsql as $$
    declare
      account_currency text;
    begin
      select currency into account_currency from accounts where id = new.account_id;
      if account_currency is distinct from new.currency then
        raise exception 'posting in % to account % held in %', new.currency, new.account_id, account_currency
          using errcode = 'check_violation';
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger postings_currency before insert on postings
    for each row execute function postings_currency_matches_account()`.execute(db);

  await sql`
    create function check_journal_entry(entry bigint) returns void language plpgsql as $$
    declare
      postings_count bigint;
      unbalanced text;
    begin
      select count(*) into postings_count from postings where entry_id = entry;
      if postings_count < 2 then
        raise exception 'journal entry % has % posting(s); it needs at least two', entry, postings_count
          using errcode = 'check_violation';
      end if;
      select currency into unbalanced from postings where entry_id = entry
        group by currency having sum(amount) <> 0 limit 1;
      if unbalanced is not null then
        raise exception 'journal entry % does not balance in %', entry, unbalanced
          using errcode = 'check_violation';
      end if;
    end $$`.execute(db);
  await sql`
    create function postings_entry_is_balanced() returns trigger language plpgsql as $$
    begin
      perform check_journal_entry(new.entry_id);
      return null;
    end $$`.execute(db);
  await sql`
    create function journal_entry_is_balanced() returns trigger language plpgsql as $$
    begin
      perform check_journal_entry(new.id);
      return null;
    end $$`.execute(db);
  await sql`create constraint trigger postings_balanced after insert on postings
    deferrable initially deferred for each row execute function postings_entry_is_balanced()`.execute(db);
  await sql`create constraint trigger journal_entries_balanced after insert on journal_entries
    deferrable initially deferred for each row execute function journal_entry_is_balanced()`.execute(db);
}
