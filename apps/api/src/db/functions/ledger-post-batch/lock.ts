/**
 * `ledger_post_batch` (ADR 020, orders ADR 021, batch payees ADR 023): its declarations, the key claims, the locks and
 * the batch-wide checks (steps 1–5).
 */
export const LOCK = `
    create or replace function ledger_post_batch(p_requests jsonb) returns jsonb language plpgsql as $fn$
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
      -- orders paid or refunded, locked by id: id, running status and refunded amounts, as before
      ord_id bigint[]; ord_status text[]; ord_refunded bigint[]; ord_refunded_fee bigint[]; ord_refunded_tax bigint[];
      ord_expires timestamptz[]; ord_at timestamptz[];
      ord_status_before text[]; ord_refunded_before bigint[];
      -- a payment accepted in this batch: its payer, time and journal entry, per order
      ord_payment jsonb[];
      -- batch payees being paid, locked by key: each request's payee status (null without one)
      pay_status text[]; pay_twice boolean;
      -- accepted requests: position, transfer id, entry id
      ok_ref int[] := '{}'; ok_transfer bigint[] := '{}'; ok_entry bigint[] := '{}';
      touched int[]; amounts bigint[];
      a int; l int; t int; o int; j int;
      amount bigint; cap bigint; transfer_id bigint; entry_id bigint;
      refusal jsonb; answer jsonb; stored record;
      has_keys boolean; has_limits boolean; has_transitions boolean; has_transfers boolean; has_audit boolean;
      has_orders boolean; has_payees boolean;
    begin
      perform set_config('lynk.ledger_writer', 'engine', true);
      -- What this batch holds: statements it has no use for are skipped.
      select coalesce(bool_or(jsonb_typeof(r->'idempotency') = 'object'), false),
             coalesce(bool_or(jsonb_typeof(r->'limit') = 'object'), false),
             coalesce(bool_or(jsonb_typeof(r->'transition') = 'object'), false),
             coalesce(bool_or(jsonb_typeof(r->'transfer') = 'object'), false),
             coalesce(bool_or(jsonb_typeof(r->'audit') = 'object'), false),
             coalesce(bool_or(jsonb_typeof(r->'order') = 'object'), false),
             coalesce(bool_or(jsonb_typeof(r->'payee') = 'object'), false)
        into has_keys, has_limits, has_transitions, has_transfers, has_audit, has_orders, has_payees
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

      -- 4b. Orders being paid or refunded, by id.
      if has_orders then
        select coalesce(array_agg(s.id order by s.id), '{}'), coalesce(array_agg(s.status order by s.id), '{}'),
               coalesce(array_agg(s.refunded order by s.id), '{}'), coalesce(array_agg(s.refunded_fee order by s.id), '{}'),
               coalesce(array_agg(s.refunded_tax order by s.id), '{}'), coalesce(array_agg(s.expires_at order by s.id), '{}'),
               coalesce(array_agg(s.updated_at order by s.id), '{}')
          into ord_id, ord_status, ord_refunded, ord_refunded_fee, ord_refunded_tax, ord_expires, ord_at
        from (select x.id, x.status, x.refunded, x.refunded_fee, x.refunded_tax, x.expires_at, x.updated_at from orders x
              where x.id in (select (r->'order'->>'order_id')::bigint
                             from jsonb_array_elements(p_requests) r where jsonb_typeof(r->'order') = 'object')
              order by x.id for no key update of x) s;
        ord_status_before := ord_status;
        ord_refunded_before := ord_refunded;
        ord_payment := array_fill(null::jsonb, array[coalesce(array_length(ord_id, 1), 0)]);
      end if;

      -- 4c. Batch payees being paid, by key; each request gets its payee's status, in request order.
      --     The keys are read out of the jsonb once, so the rows are matched on plain integers.
      if has_payees then
        with wanted as (
          select r.i, (r.req->'payee'->>'batch_id')::int as batch_id, (r.req->'payee'->>'row_number')::int as row_number
          from jsonb_array_elements(p_requests) with ordinality as r(req, i)),
        locked as (
          select x.batch_id, x.row_number, x.status from batch_payees x
          where (x.batch_id, x.row_number) in (select w.batch_id, w.row_number from wanted w where w.batch_id is not null)
          order by x.batch_id, x.row_number for no key update of x)
        select coalesce(array_agg(l.status order by w.i), '{}'),
               count(w.batch_id) <> count(distinct (w.batch_id, w.row_number)) filter (where w.batch_id is not null)
          into pay_status, pay_twice
        from wanted w left join locked l on l.batch_id = w.batch_id and l.row_number = w.row_number;
        if pay_twice then
          raise exception 'a batch payee appears twice in one batch' using errcode = 'check_violation';
        end if;
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

`;
