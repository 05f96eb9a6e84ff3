import { sql, type Kysely } from 'kysely';
import { createRowChecks } from './0004-ledger-integrity.ts';

/**
 * The tables of the batched ledger engine (ADR 020). Its function, `ledger_post_batch(requests
 * jsonb)`, posts a whole batch of money movements as one statement in one transaction and is the
 * only writer of postings; it is installed after the migrations (db/functions/install.ts).
 *
 * Per batch, in this order (the one system-wide lock order): claims the idempotency keys (in key
 * order); locks the touched accounts by id, then the limit rows by key, then the transfers being
 * moved on by id; decides every request in arrival order against running balances and limit
 * counters, so a refused request never aborts the batch; then writes set-based: transfers, status
 * changes, journal entries, postings, one update per touched account and limit row, audit rows and
 * every answer (refusals too) under its idempotency key.
 *
 * A request that breaks a ledger rule (an unbalanced entry, a posting in the wrong currency or to
 * no account, a limit given back twice) is a bug, not a refusal: it raises, and the whole batch
 * rolls back (the caller retries the batch request by request to find it).
 *
 * The hot-path foreign keys go (each check locked an account row again and created MultiXacts);
 * the engine checks what they checked, a statement trigger refuses postings from anyone else, and
 * the scheduled ledger verification (`npm run ledger:verify`) looks for what they would have caught.
 */
const DROPPED_FOREIGN_KEYS = [
  ['postings', 'postings_account_id_fkey', 'account_id', 'accounts (id)'],
  ['postings', 'postings_entry_id_fkey', 'entry_id', 'journal_entries (id)'],
  ['transfers', 'transfers_merchant_id_fkey', 'merchant_id', 'merchants (id)'],
  ['transfers', 'transfers_wallet_account_id_fkey', 'wallet_account_id', 'accounts (id)'],
  ['transfers', 'transfers_counterpart_account_id_fkey', 'counterpart_account_id', 'accounts (id)'],
  ['journal_entries', 'journal_entries_transfer_fk', 'transfer_id', 'transfers (id)'],
  ['limit_usage', 'limit_usage_account_id_fkey', 'account_id', 'accounts (id)'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, constraint] of DROPPED_FOREIGN_KEYS) {
    await sql`alter table ${sql.id(table)} drop constraint ${sql.id(constraint)}`.execute(db);
  }

  // The per-row checks of migration 0004 become one check per statement: the engine writes all
  // entries of a batch in one statement and all their postings in the next, and nobody else may.
  await sql`drop trigger postings_currency on postings`.execute(db);
  await sql`drop function postings_currency_matches_account()`.execute(db);
  await sql`drop trigger postings_balanced on postings`.execute(db);
  await sql`drop function postings_entry_is_balanced()`.execute(db);
  await sql`drop trigger journal_entries_balanced on journal_entries`.execute(db);
  await sql`drop function journal_entry_is_balanced()`.execute(db);
  await sql`drop function check_journal_entry(bigint)`.execute(db);
  await sql`
    create function ledger_writer_only() returns trigger language plpgsql as $$
    begin
      if coalesce(current_setting('lynk.ledger_writer', true), '') <> 'engine' then
        raise exception '% are written by ledger_post_batch only', tg_table_name
          using errcode = 'insufficient_privilege';
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger journal_entries_writer before insert on journal_entries
    for each statement execute function ledger_writer_only()`.execute(db);
  await sql`create trigger postings_writer before insert on postings
    for each statement execute function ledger_writer_only()`.execute(db);
  await sql`
    create function postings_statement_check() returns trigger language plpgsql as $$
    declare
      bad record;
    begin
      select n.account_id, n.currency, a.currency as held into bad
        from inserted n left join accounts a on a.id = n.account_id
        where a.currency is distinct from n.currency limit 1;
      if found then
        raise exception 'posting in % to account % held in %', bad.currency, bad.account_id, bad.held
          using errcode = 'check_violation';
      end if;
      select entry_id, currency into bad from inserted
        group by entry_id, currency having sum(amount) <> 0 limit 1;
      if found then
        raise exception 'journal entry % does not balance in %', bad.entry_id, bad.currency
          using errcode = 'check_violation';
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger postings_checked after insert on postings
    referencing new table as inserted for each statement execute function postings_statement_check()`.execute(
    db,
  );

  // The bank rail polls for due transfers instead of queueing a job per step (ADR 020).
  await sql`drop index transfers_in_flight`.execute(db);
  await sql`alter table transfers add column rail_due_at timestamptz`.execute(db);
  await sql`create index transfers_rail_due on transfers (rail_due_at) where rail_due_at is not null`.execute(
    db,
  );

  // The function itself is installed after the migrations (db/functions/install.ts).
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists ledger_post_batch(jsonb)`.execute(db);
  await sql`drop index transfers_rail_due`.execute(db);
  await sql`alter table transfers drop column rail_due_at`.execute(db);
  await sql`create index transfers_in_flight on transfers (updated_at)
    where status in ('SCHEDULED', 'TRANSMITTED') and not jam_dex`.execute(db);
  await sql`drop trigger postings_checked on postings`.execute(db);
  await sql`drop function postings_statement_check()`.execute(db);
  await sql`drop trigger postings_writer on postings`.execute(db);
  await sql`drop trigger journal_entries_writer on journal_entries`.execute(db);
  await sql`drop function ledger_writer_only()`.execute(db);
  await createRowChecks(db);
  for (const [table, constraint, column, target] of DROPPED_FOREIGN_KEYS) {
    await sql`alter table ${sql.id(table)} add constraint ${sql.id(constraint)}
      foreign key (${sql.id(column)}) references ${sql.raw(target)}`.execute(db);
  }
}
