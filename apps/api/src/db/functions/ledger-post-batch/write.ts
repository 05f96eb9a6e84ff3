/**
 * `ledger_post_batch` (ADR 020): the answers and the set-based writes (steps 7–8).
 */
export const WRITE = `
      -- 7. The answers: an accepted request's response gets its transfer id; a refusal's message
      --    its remaining amount (formatted like the portal: 1,234.56).
      for i in 1..n loop
        req := p_requests->(i - 1);
        if outcomes[i]->>'outcome' = 'accepted' and jsonb_typeof(req->'response') = 'object' then
          answer := req->'response'->'body';
          if jsonb_typeof(req->'response'->'transfer_id_path') = 'array' then
            answer := jsonb_set(answer, array(select jsonb_array_elements_text(req->'response'->'transfer_id_path')),
                                 to_jsonb(outcomes[i]->>'transfer_id'));
          end if;
          if jsonb_typeof(req->'response'->'entry_id_path') = 'array' then
            answer := jsonb_set(answer, array(select jsonb_array_elements_text(req->'response'->'entry_id_path')),
                                 to_jsonb(outcomes[i]->>'entry_id'));
          end if;
          outcomes[i] := outcomes[i] || jsonb_build_object('status', req->'response'->'status', 'body', answer);
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

      -- A main wallet that went from at or above its merchant's low-balance threshold (whole
      -- dollars) to below it in this batch: one LOW_BALANCE notification per crossing (ADR 027).
      -- Every movement of money passes here with the balances before and after, under the
      -- accounts' row locks, so a crossing is seen exactly once; a wallet already below does not
      -- cross again until a credit lifts it back to the threshold.
      insert into notifications (merchant_id, code, title, body, data, created_at)
      select m.id, 'LOW_BALANCE', 'Low balance',
             'Your main wallet balance is J$' || to_char(u.balance::numeric / 100, 'FM999,999,999,999,990.00')
               || ', below your low balance threshold of J$'
               || to_char(m.low_balance_threshold, 'FM999,999,999,999,990') || '.',
             jsonb_build_object('lynkRouteRedirect', '/' || regexp_replace(m.organization_id, '^org_', '') || '/lynk-wallet',
                                'account_id', a.id, 'balance', u.balance, 'low_balance_threshold', m.low_balance_threshold),
             clock_timestamp()
      from unnest(acc_id, acc_balance, acc_before) as u(id, balance, before)
      join accounts a on a.id = u.id and a.type = 'LYNK'
      join merchants m on m.id = a.merchant_id
      where u.balance < u.before and m.low_balance_enabled and m.low_balance_threshold > 0
        and u.before >= m.low_balance_threshold::bigint * 100
        and u.balance < m.low_balance_threshold::bigint * 100;

      if has_limits then
        update limit_usage x set used = x.used + (u.used - u.before)
        from unnest(lim_account, lim_type, lim_period, lim_used, lim_before) as u(account_id, transfer_type, period_start, used, before)
        where (x.account_id, x.transfer_type, x.period_start) = (u.account_id, u.transfer_type, u.period_start)
          and u.used <> u.before;
      end if;

      if has_orders then
        -- One UPDATE per order: a paid order gets its status, payer and journal entry together
        -- (the table checks that a PAID order has its payment).
        update orders x
        set status = u.status, refunded = u.refunded, refunded_fee = u.refunded_fee, refunded_tax = u.refunded_tax,
            updated_at = u.at,
            paid_at = coalesce((u.payment->>'at')::timestamptz, x.paid_at),
            payer_account_id = coalesce((u.payment->>'payer_account_id')::int, x.payer_account_id),
            lynk_id = coalesce(u.payment->>'lynk_id', x.lynk_id),
            transfer_id = coalesce((u.payment->>'entry_id')::bigint, x.transfer_id)
        from unnest(ord_id, ord_status, ord_refunded, ord_refunded_fee, ord_refunded_tax, ord_at,
                    ord_status_before, ord_refunded_before, ord_payment)
             as u(id, status, refunded, refunded_fee, refunded_tax, at, status_before, refunded_before, payment)
        where x.id = u.id and (u.status <> u.status_before or u.refunded <> u.refunded_before);

        -- A payment received: the merchant's staff are told, in the statement that moved the money.
        insert into notifications (merchant_id, code, title, body, data, created_at)
        select x.merchant_id, 'PAYMENT_RECEIVED', m.n->>'title', m.n->>'body', coalesce(m.n->'data', '{}'),
               (s.ord->>'at')::timestamptz
        from unnest(ok_ref) as ok(ref),
             lateral (select p_requests->(ok.ref - 1)->'order' as ord) s,
             lateral (select s.ord->'payment'->'notification' as n) m,
             orders x
        where jsonb_typeof(m.n) = 'object' and x.id = (s.ord->>'order_id')::bigint
          -- ... unless the merchant switched the code off (ADR 027).
          and not exists (select 1 from notification_preferences p
                          where p.merchant_id = x.merchant_id and p.code = 'PAYMENT_RECEIVED' and not p.enabled);

        -- A refund: its row, whose id is the journal entry that moved the money back.
        insert into refunds (id, order_id, merchant_id, amount, commission_refund, gct_refund, motif, description,
                             created_by, created_at)
        select ok.entry_id, (s.ord->>'order_id')::bigint, (s.ord->'refund'->>'merchant_id')::int,
               (s.ord->'refund'->>'amount')::bigint, (s.ord->'refund'->>'commission')::bigint,
               (s.ord->'refund'->>'gct')::bigint, s.ord->'refund'->>'motif', s.ord->'refund'->>'description',
               (s.ord->'refund'->>'created_by')::int, (s.ord->>'at')::timestamptz
        from unnest(ok_ref, ok_entry) as ok(ref, entry_id),
             lateral (select p_requests->(ok.ref - 1)->'order' as ord) s
        where jsonb_typeof(s.ord->'refund') = 'object';
      end if;

      -- Batch payees: PAID with the entry that paid them, or FAILED with the refusal's message.
      if has_payees then
        update batch_payees x
        set status = case when o.outcome->>'outcome' = 'accepted' then 'PAID' else 'FAILED' end,
            entry_id = (o.outcome->>'entry_id')::bigint,
            paid_at = case when o.outcome->>'outcome' = 'accepted' then (q.p->>'at')::timestamptz end,
            error = case when o.outcome->>'outcome' = 'refused' then o.outcome->'body'->>'message' end
        from unnest(outcomes) with ordinality as o(outcome, i),
             lateral (select p_requests->(o.i::int - 1)->'payee' as p) q
        where jsonb_typeof(q.p) = 'object' and o.outcome->>'outcome' in ('accepted', 'refused')
          and x.batch_id = (q.p->>'batch_id')::int and x.row_number = (q.p->>'row_number')::int;
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
    end $fn$
`;
