/**
 * `ledger_post_batch` (ADR 020): the decision of each request in arrival order
 * against running balances and limits (step 6).
 */
export const DECIDE = `
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

        -- A payee is paid only while VALID: one already PAID or FAILED is left as it is.
        if jsonb_typeof(req->'payee') = 'object' then
          if pay_status[i] is null then
            raise exception 'request %: batch payee %/% does not exist', i,
              req->'payee'->>'batch_id', req->'payee'->>'row_number';
          end if;
          if pay_status[i] <> 'VALID' then
            outcomes[i] := jsonb_build_object('outcome', 'stale', 'status', pay_status[i]);
            continue;
          end if;
        end if;

        refusal := null;
        -- An order is paid or refunded only from the state the caller saw: its status, what was
        -- refunded of it, and (for a payment) not yet expired. Otherwise the answer is a refusal.
        o := null;
        if jsonb_typeof(req->'order') = 'object' then
          o := array_position(ord_id, (req->'order'->>'order_id')::bigint);
          if o is null then
            raise exception 'request %: order % does not exist', i, req->'order'->>'order_id';
          end if;
          if ord_status[o] <> req->'order'->>'from'
             or ord_refunded[o] <> coalesce((req->'order'->>'refunded_before')::bigint, ord_refunded[o])
             or ord_expires[o] <= coalesce((req->'order'->>'unexpired_at')::timestamptz, '-infinity') then
            refusal := jsonb_build_object('code', 'ORDER_CHANGED');
          end if;
        end if;

        l := null;
        if refusal is null and jsonb_typeof(req->'limit') = 'object' then
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
        if o is not null then
          ord_status[o] := req->'order'->>'to';
          ord_refunded[o] := ord_refunded[o] + coalesce((req->'order'->'refund'->>'amount')::bigint, 0);
          ord_refunded_fee[o] := ord_refunded_fee[o] + coalesce((req->'order'->'refund'->>'commission')::bigint, 0);
          ord_refunded_tax[o] := ord_refunded_tax[o] + coalesce((req->'order'->'refund'->>'gct')::bigint, 0);
          ord_at[o] := (req->'order'->>'at')::timestamptz;
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
        if o is not null and jsonb_typeof(req->'order'->'payment') = 'object' then
          ord_payment[o] := req->'order'->'payment'
                            || jsonb_build_object('at', req->'order'->>'at', 'entry_id', entry_id);
        end if;
        ok_ref := ok_ref || i;
        ok_transfer := ok_transfer || transfer_id;
        ok_entry := ok_entry || entry_id;
        outcomes[i] := jsonb_build_object('outcome', 'accepted', 'transfer_id', transfer_id::text,
                                          'entry_id', entry_id::text);
      end loop;

`;
