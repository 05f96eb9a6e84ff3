import { sql, type Kysely } from 'kysely';
import { createRowChecks } from './0004-ledger-integrity.ts';

/**
 * The batched ledger engine (ADR 020): `ledger_post_batch(requests jsonb)` posts a whole batch of
 * money movements as one statement in one transaction, and is the only writer of postings.
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

  await sql`
    create function ledger_post_batch(p_requests jsonb) returns jsonb language plpgsql as $fn$
    #variable_conflict use_column
    declare
      n int := jsonb_array_length(p_requests);
      req jsonb;
      posting jsonb;
      outcomes jsonb[] := array_fill(null::jsonb, array[n]);
      transfer_seq text := pg_get_serial_sequence('transfers', 'id');
      entry_seq text := pg_get_serial_sequence('journal_entries', 'id');
      claimed text[];
      first_of_key jsonb := '{}';
      key_text text;
      -- touched accounts, locked by id: id, running balance, balance before, currency, may go negative
      acc_id int[]; acc_balance bigint[]; acc_before bigint[]; acc_currency text[]; acc_negative boolean[];
      -- limit rows, locked by key: key, running usage, usage before, the merchant's own cap
      lim_key text[]; lim_account int[]; lim_type text[]; lim_period date[];
      lim_used bigint[]; lim_before bigint[]; lim_cap bigint[];
      -- transfers moved on by a transition, locked by id
      tr_id bigint[]; tr_status text[];
      -- accepted requests: position, transfer id, entry id
      ok_ref int[] := '{}'; ok_transfer bigint[] := '{}'; ok_entry bigint[] := '{}';
      touched int[]; amounts bigint[];
      a int; l int; t int; j int;
      amount bigint; cap bigint; transfer_id bigint; entry_id bigint;
      refusal jsonb; stored record;
      has_keys boolean; has_limits boolean; has_transitions boolean; has_transfers boolean; has_audit boolean;
    begin
      perform set_config('lynk.ledger_writer', 'engine', true);
      -- What this batch holds: statements it has no use for are skipped.
      select coalesce(bool_or(jsonb_typeof(r->'idempotency') = 'object'), false),
             coalesce(bool_or(jsonb_typeof(r->'limit') = 'object'), false),
             coalesce(bool_or(jsonb_typeof(r->'transition') = 'object'), false),
             coalesce(bool_or(jsonb_typeof(r->'transfer') = 'object'), false),
             coalesce(bool_or(jsonb_typeof(r->'audit') = 'object'), false)
        into has_keys, has_limits, has_transitions, has_transfers, has_audit
      from jsonb_array_elements(p_requests) r;

      -- 1. Idempotency keys, claimed in key order. A key claimed earlier (committed) is a replay.
      if has_keys then
        with wanted as (
          select distinct r->'idempotency' as k
          from jsonb_array_elements(p_requests) r
          where jsonb_typeof(r->'idempotency') = 'object'),
        inserted as (
          insert into idempotency_keys (scope, key, request_hash, expires_at)
          select k->>'scope', k->>'key', k->>'request_hash', (k->>'expires_at')::timestamptz
          from wanted order by k->>'scope', k->>'key'
          on conflict (scope, key) do nothing
          returning scope, key)
        select coalesce(array_agg(scope || E'\n' || key), '{}') into claimed from inserted;
      end if;

      -- 2. Accounts, by id.
      select coalesce(array_agg(s.id order by s.id), '{}'), coalesce(array_agg(s.balance order by s.id), '{}'),
             coalesce(array_agg(s.currency order by s.id), '{}'), coalesce(array_agg(s.allow_negative order by s.id), '{}')
        into acc_id, acc_balance, acc_currency, acc_negative
      from (select x.id, x.balance, x.currency, x.allow_negative from accounts x
            where x.id in (select (p->>'account_id')::int
                           from jsonb_array_elements(p_requests) r,
                                jsonb_array_elements(coalesce(r->'entry'->'postings', '[]')) p)
            order by x.id for no key update of x) s;
      acc_before := acc_balance;

      -- 3. Limit rows, by key (created at zero when the period has none yet).
      if has_limits then
        insert into limit_usage (account_id, transfer_type, period_start, used)
        select distinct (r->'limit'->>'account_id')::int, r->'limit'->>'type', (r->'limit'->>'period_start')::date, 0
        from jsonb_array_elements(p_requests) r where jsonb_typeof(r->'limit') = 'object'
        order by 1, 2, 3
        on conflict do nothing;
        select coalesce(array_agg(s.k order by s.k), '{}'), coalesce(array_agg(s.account_id order by s.k), '{}'),
               coalesce(array_agg(s.transfer_type order by s.k), '{}'), coalesce(array_agg(s.period_start order by s.k), '{}'),
               coalesce(array_agg(s.used order by s.k), '{}'), coalesce(array_agg(s.cap order by s.k), '{}')
          into lim_key, lim_account, lim_type, lim_period, lim_used, lim_cap
        from (select u.account_id, u.transfer_type, u.period_start, u.used, own.amount as cap,
                     u.account_id || '|' || u.transfer_type || '|' || u.period_start as k
              from limit_usage u
              left join account_limits own on own.account_id = u.account_id and own.transfer_type = u.transfer_type
              where (u.account_id, u.transfer_type, u.period_start) in (
                select (r->'limit'->>'account_id')::int, r->'limit'->>'type', (r->'limit'->>'period_start')::date
                from jsonb_array_elements(p_requests) r where jsonb_typeof(r->'limit') = 'object')
              order by u.account_id, u.transfer_type, u.period_start for no key update of u) s;
        lim_before := lim_used;
      end if;

      -- 4. Transfers being moved on, by id.
      if has_transitions then
        select coalesce(array_agg(s.id order by s.id), '{}'), coalesce(array_agg(s.status order by s.id), '{}')
          into tr_id, tr_status
        from (select x.id, x.status from transfers x
              where x.id in (select (r->'transition'->>'transfer_id')::bigint
                             from jsonb_array_elements(p_requests) r where jsonb_typeof(r->'transition') = 'object')
              order by x.id for no key update of x) s;
      end if;

      -- 5. Every entry balances per currency and has no zero posting (one query for the batch).
      select x.ord into j
      from (select r.ord, p->>'currency' as currency, sum((p->>'amount')::bigint) as total,
                   bool_or((p->>'amount')::bigint = 0) as has_zero
            from jsonb_array_elements(p_requests) with ordinality as r(req, ord),
                 jsonb_array_elements(coalesce(r.req->'entry'->'postings', '[]')) p
            group by r.ord, p->>'currency') x
      where x.total <> 0 or x.has_zero
      limit 1;
      if j is not null then
        raise exception 'request %: the postings do not balance per currency, or one is zero', j
          using errcode = 'check_violation';
      end if;

      -- 6. Each request in arrival order.
      for i in 1..n loop
        req := p_requests->(i - 1);

        if jsonb_typeof(req->'idempotency') = 'object' then
          if jsonb_typeof(req->'transition') = 'object' then
            raise exception 'request %: a transition cannot carry an idempotency key', i;
          end if;
          key_text := (req->'idempotency'->>'scope') || E'\n' || (req->'idempotency'->>'key');
          if first_of_key ? key_text then
            -- The same key twice in one batch: answered as a replay of the first, below.
            outcomes[i] := jsonb_build_object('outcome', 'duplicate', 'of', first_of_key->key_text);
            continue;
          end if;
          first_of_key := first_of_key || jsonb_build_object(key_text, i);
          if not (key_text = any(claimed)) then
            select k.request_hash, k.status_code, k.response_body into stored
              from idempotency_keys k
              where k.scope = req->'idempotency'->>'scope' and k.key = req->'idempotency'->>'key';
            outcomes[i] := jsonb_build_object('outcome', 'replayed',
              'same_request', stored.request_hash = req->'idempotency'->>'request_hash',
              'request_hash', stored.request_hash, 'status', stored.status_code, 'body', stored.response_body);
            continue;
          end if;
        end if;

        -- A status change applies only to a transfer still in the status it expects.
        t := null;
        if jsonb_typeof(req->'transition') = 'object' then
          t := array_position(tr_id, (req->'transition'->>'transfer_id')::bigint);
          if t is null then
            raise exception 'request %: transfer % does not exist', i, req->'transition'->>'transfer_id';
          end if;
          if tr_status[t] <> req->'transition'->>'from' then
            outcomes[i] := jsonb_build_object('outcome', 'stale', 'status', tr_status[t]);
            continue;
          end if;
        end if;

        refusal := null;
        l := null;
        if jsonb_typeof(req->'limit') = 'object' then
          l := array_position(lim_key, (req->'limit'->>'account_id') || '|' || (req->'limit'->>'type')
                                       || '|' || (req->'limit'->>'period_start'));
          amount := (req->'limit'->>'amount')::bigint;
          cap := coalesce(lim_cap[l], (req->'limit'->>'default_cap')::bigint);
          if amount > 0 and lim_used[l] + amount > cap then
            refusal := jsonb_build_object('code', 'DAILY_LIMIT_EXCEEDED',
                                          'remaining', greatest(cap - lim_used[l], 0));
          elsif amount < 0 and lim_used[l] + amount < 0 then
            raise exception 'request %: limit release of % exceeds what was counted (%)', i, -amount, lim_used[l]
              using errcode = 'check_violation';
          end if;
        end if;

        touched := '{}';
        amounts := '{}';
        if refusal is null and jsonb_typeof(req->'entry') = 'object' then
          if jsonb_array_length(req->'entry'->'postings') < 2 then
            raise exception 'request %: a journal entry needs at least two postings', i
              using errcode = 'check_violation';
          end if;
          for j in 0..jsonb_array_length(req->'entry'->'postings') - 1 loop
            posting := req->'entry'->'postings'->j;
            a := array_position(acc_id, (posting->>'account_id')::int);
            amount := (posting->>'amount')::bigint;
            if a is null or acc_currency[a] <> posting->>'currency' then
              raise exception 'request %: no account % in %', i, posting->>'account_id', posting->>'currency'
                using errcode = 'check_violation';
            end if;
            if amount = 0 then
              raise exception 'request %: a posting cannot be zero', i using errcode = 'check_violation';
            end if;
            acc_balance[a] := acc_balance[a] + amount;
            touched := touched || a;
            amounts := amounts || amount;
          end loop;
          foreach a in array touched loop
            if not acc_negative[a] and acc_balance[a] < 0 then
              refusal := jsonb_build_object('code', 'INSUFFICIENT_FUNDS');
            end if;
          end loop;
          if refusal is not null then
            for j in 1..coalesce(array_length(touched, 1), 0) loop
              acc_balance[touched[j]] := acc_balance[touched[j]] - amounts[j];
            end loop;
          end if;
        end if;

        if refusal is not null then
          outcomes[i] := refusal || jsonb_build_object('outcome', 'refused');
          continue;
        end if;

        if l is not null then
          lim_used[l] := lim_used[l] + (req->'limit'->>'amount')::bigint;
        end if;
        if t is not null then
          tr_status[t] := req->'transition'->>'to';
          transfer_id := tr_id[t];
        elsif jsonb_typeof(req->'transfer') = 'object' then
          transfer_id := nextval(transfer_seq);
        else
          transfer_id := (req->'entry'->>'transfer_id')::bigint;
        end if;
        entry_id := case when jsonb_typeof(req->'entry') = 'object' then nextval(entry_seq) end;
        ok_ref := ok_ref || i;
        ok_transfer := ok_transfer || transfer_id;
        ok_entry := ok_entry || entry_id;
        outcomes[i] := jsonb_build_object('outcome', 'accepted', 'transfer_id', transfer_id::text,
                                          'entry_id', entry_id::text);
      end loop;

      -- 7. The answers: an accepted request's response gets its transfer id; a refusal's message
      --    its remaining amount (formatted like the portal: 1,234.56).
      for i in 1..n loop
        req := p_requests->(i - 1);
        if outcomes[i]->>'outcome' = 'accepted' and jsonb_typeof(req->'response') = 'object' then
          outcomes[i] := outcomes[i] || jsonb_build_object('status', req->'response'->'status',
            'body', case when jsonb_typeof(req->'response'->'transfer_id_path') = 'array'
                         then jsonb_set(req->'response'->'body',
                                        array(select jsonb_array_elements_text(req->'response'->'transfer_id_path')),
                                        to_jsonb(outcomes[i]->>'transfer_id'))
                         else req->'response'->'body' end);
        elsif outcomes[i]->>'outcome' = 'refused' then
          refusal := req->'refusals'->(outcomes[i]->>'code');
          if jsonb_typeof(refusal) <> 'object' then
            raise exception 'request %: no answer given for a refusal %', i, outcomes[i]->>'code';
          end if;
          if outcomes[i] ? 'remaining' then
            refusal := jsonb_set(refusal, '{body,message}', to_jsonb(replace(refusal->'body'->>'message', '{remaining}',
                         to_char((outcomes[i]->>'remaining')::numeric / 100, 'FM999,999,999,999,990.00'))));
            refusal := jsonb_set(refusal, '{body,details}',
                         jsonb_build_object('remaining', (outcomes[i]->>'remaining')::bigint));
          end if;
          outcomes[i] := outcomes[i] || jsonb_build_object('status', refusal->'status', 'body', refusal->'body');
        end if;
      end loop;
      for i in 1..n loop
        if outcomes[i]->>'outcome' = 'duplicate' then
          j := (outcomes[i]->>'of')::int;
          outcomes[i] := jsonb_build_object('outcome', 'replayed',
            'same_request', coalesce(outcomes[j]->>'request_hash', p_requests->(j - 1)->'idempotency'->>'request_hash')
                            = p_requests->(i - 1)->'idempotency'->>'request_hash',
            'status', outcomes[j]->'status', 'body', outcomes[j]->'body');
        end if;
      end loop;

      -- 8. The writes, set-based.
      if has_transfers then
        insert into transfers (id, merchant_id, wallet_account_id, counterpart_account_id, direction, type, status,
                               amount, commission, gct, currency, from_label, to_label, jam_dex, limit_type,
                               limit_period_start, created_by, created_at, updated_at, completed_at, rail_due_at)
        select ok.transfer_id, x.merchant_id, x.wallet_account_id, x.counterpart_account_id, x.direction, x.type,
               x.status, x.amount, coalesce(x.commission, 0), coalesce(x.gct, 0), x.currency, x.from_label,
               x.to_label, coalesce(x.jam_dex, false), x.limit_type, x.limit_period_start, x.created_by,
               x.created_at, x.updated_at, x.completed_at, x.rail_due_at
        from unnest(ok_ref, ok_transfer) as ok(ref, transfer_id),
             jsonb_populate_record(null::transfers, p_requests->(ok.ref - 1)->'transfer') x
        where jsonb_typeof(p_requests->(ok.ref - 1)->'transfer') = 'object';
      end if;

      if has_transitions then
        update transfers x
        set status = f.t->>'to',
            updated_at = (f.t->>'at')::timestamptz,
            failure_reason = coalesce(f.t->>'failure_reason', x.failure_reason),
            completed_at = coalesce((f.t->>'completed_at')::timestamptz, x.completed_at),
            rail_due_at = (f.t->>'rail_due_at')::timestamptz
        from (select distinct on (ok.transfer_id) ok.transfer_id, p_requests->(ok.ref - 1)->'transition' as t
              from unnest(ok_ref, ok_transfer) as ok(ref, transfer_id)
              where jsonb_typeof(p_requests->(ok.ref - 1)->'transition') = 'object'
              order by ok.transfer_id, ok.ref desc) f
        where x.id = f.transfer_id;
      end if;

      insert into journal_entries (id, kind, transfer_id, description, created_at)
      select ok.entry_id, e->>'kind', ok.transfer_id, coalesce(e->>'description', ''), (e->>'created_at')::timestamptz
      from unnest(ok_ref, ok_transfer, ok_entry) as ok(ref, transfer_id, entry_id),
           lateral (select p_requests->(ok.ref - 1)->'entry' as e) s
      where ok.entry_id is not null;

      insert into postings (entry_id, account_id, currency, amount, created_at)
      select ok.entry_id, (p->>'account_id')::int, p->>'currency', (p->>'amount')::bigint,
             (p_requests->(ok.ref - 1)->'entry'->>'created_at')::timestamptz
      from unnest(ok_ref, ok_entry) as ok(ref, entry_id),
           jsonb_array_elements(p_requests->(ok.ref - 1)->'entry'->'postings') p
      where ok.entry_id is not null;

      update accounts x set balance = x.balance + (u.balance - u.before)
      from unnest(acc_id, acc_balance, acc_before) as u(id, balance, before)
      where x.id = u.id and u.balance <> u.before;

      if has_limits then
        update limit_usage x set used = x.used + (u.used - u.before)
        from unnest(lim_account, lim_type, lim_period, lim_used, lim_before) as u(account_id, transfer_type, period_start, used, before)
        where (x.account_id, x.transfer_type, x.period_start) = (u.account_id, u.transfer_type, u.period_start)
          and u.used <> u.before;
      end if;

      if has_audit then
        insert into audit_log (actor_user_id, organization_id, action, subject, details, ip)
        select (a->>'actor_user_id')::int, a->>'organization_id', a->>'action',
               coalesce(a->>'subject', ok.transfer_id::text), coalesce(a->'details', '{}'), a->>'ip'
        from unnest(ok_ref, ok_transfer) as ok(ref, transfer_id),
             lateral (select p_requests->(ok.ref - 1)->'audit' as a) s
        where jsonb_typeof(a) = 'object';
      end if;

      if has_keys then
        update idempotency_keys k set status_code = (o.outcome->>'status')::int, response_body = o.outcome->'body'
        from unnest(outcomes) with ordinality as o(outcome, i)
        where o.outcome->>'outcome' in ('accepted', 'refused')
          and jsonb_typeof(p_requests->(o.i::int - 1)->'idempotency') = 'object'
          and k.scope = p_requests->(o.i::int - 1)->'idempotency'->>'scope'
          and k.key = p_requests->(o.i::int - 1)->'idempotency'->>'key';
      end if;

      return to_jsonb(outcomes);
    end $fn$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function ledger_post_batch(jsonb)`.execute(db);
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
