import { sql, type RawBuilder } from 'kysely';
import { DEMO_ORDER_NOTES } from './demo-order-plan.ts';

/**
 * The set-based statements of one bulk chunk (see bulk-orders.ts). Everything random is drawn once
 * per generated row (`raw`), then mapped onto the lookup tables of bulk-tables.ts.
 */

const PAID_SHAPES = sql.raw(`('paid', 'partial', 'full', 'split', 'pending')`);

/**
 * The chunk's orders with everything they went through: `shape` is their story (paid; paid then
 * partly refunded; refunded at once; refunded in two; refund pending; expired; declined; failed;
 * still awaiting payment), the ids of their journal entries drawn from the entries' sequence.
 */
export function BULK_ORDER_SQL(p: {
  size: number;
  days: number;
  now: Date;
  ttlSeconds: number;
  slots: number;
  orderSeq: string;
  entrySeq: string;
}): RawBuilder<unknown> {
  const now = sql`${p.now.toISOString()}::timestamptz`;
  const ttl = sql`make_interval(secs => ${p.ttlSeconds})`;
  // An expired request is older than its time to live.
  const ttlDays = Math.ceil(p.ttlSeconds / 86_400);
  return sql`
    with raw as (
      select random() as rm, random() as rs, random() as rc, random() as rst, random() as rp,
             random() as ra, random() as rd, random() as rt, random() as rx, random() as rz
      from generate_series(1, ${sql.lit(p.size)}) g
    ), shaped as (
      select r.*,
        case when rs < 0.70 then 'paid' when rs < 0.73 then 'partial' when rs < 0.76 then 'full'
             when rs < 0.775 then 'split' when rs < 0.785 then 'pending'
             when rs < 0.86 then case when rx < 0.002 then 'awaiting' else 'expired' end
             when rs < 0.93 then 'rejected' else 'failed' end as shape
      from raw r
    ), timed as (
      select s.*,
        case when shape in ('expired', 'rejected', 'awaiting')
               then case when rc < 0.6 then 'PAYMENT_LINK' else 'SHOW_TO_PAY' end
             when rc < 0.30 then 'SHOW_TO_PAY' when rc < 0.58 then 'SCAN_AND_PAY'
             when rc < 0.74 then 'PAYMENT_LINK' when rc < 0.88 then 'PAY_WITH_LYNK'
             else 'FIND_AND_PAY' end as channel,
        -- Opening hours, 7:00 to 19:00 in Jamaica (12:00–24:00 UTC), on a day of the period;
        -- the requests still awaiting payment are of the last 20 hours.
        case when shape = 'awaiting' then ${now} - rt * interval '20 hours'
             else date_bin('1 day', ${now}, timestamptz '2000-01-01 00:00:00+00')
                  - (1 + floor(rd * ${sql.lit(p.days)})::int
                     + case when shape = 'expired' then ${sql.lit(ttlDays)} else 0 end) * interval '1 day'
                  + interval '12 hours' + floor(rt * 720) * interval '1 minute' end as created_at
      from shaped s
    ), dated as (
      select t.*,
        case when shape in ${PAID_SHAPES}
             then least(created_at + (1 + floor(rx * 20)) * interval '1 minute', ${now}) end as paid_at
      from timed t
    ), refunded as (
      select d.*,
        case when shape in ('partial', 'full', 'split')
             then least(paid_at + (1 + floor(rz * 47)) * interval '1 hour', ${now}) end as r1_at
      from dated d
    ), refunded_twice as (
      select f.*,
        case when shape = 'split' then least(r1_at + (24 + floor(rx * 48)) * interval '1 hour', ${now}) end as r2_at
      from refunded f
    )
    select nextval(${p.orderSeq}::regclass) as id,
      m.merchant_id, m.wallet_id, m.fees_id, m.gct_id, m.manager_id,
      rtrim(translate(encode(uuid_send(gen_random_uuid()), 'base64'), '+/', '-_'), '=') as code,
      pr.amount, pr.fee, pr.tax,
      (${DEMO_ORDER_NOTES}::text[])[1 + floor(r.rz * ${sql.lit(DEMO_ORDER_NOTES.length)})::int] as description,
      case r.shape when 'paid' then 'PAID' when 'partial' then 'PAID' when 'full' then 'REFUNDED'
                   when 'split' then 'REFUNDED' when 'pending' then 'PENDING_REFUND'
                   when 'expired' then 'EXPIRED' when 'awaiting' then 'RECEIVED'
                   when 'rejected' then 'REJECTED' else 'FAILED' end as status,
      r.shape, r.channel, st.user_id as created_by, st.cashier_name, r.created_at,
      r.created_at + ${ttl} as expires_at,
      case r.shape when 'split' then r.r2_at when 'partial' then r.r1_at when 'full' then r.r1_at
                   when 'pending' then least(r.paid_at + interval '1 day', ${now})
                   when 'paid' then r.paid_at when 'expired' then r.created_at + ${ttl}
                   when 'awaiting' then r.created_at
                   else r.created_at + (2 + floor(r.rx * 30)) * interval '1 minute' end as updated_at,
      r.paid_at, py.account_id as payer_id, py.handle as lynk_id,
      case when r.shape in ${PAID_SHAPES} then nextval(${p.entrySeq}::regclass) end as pay_entry,
      case when r.r1_at is not null then nextval(${p.entrySeq}::regclass) end as r1_entry,
      case r.shape when 'full' then pr.amount else pr.part end as r1_amount,
      case r.shape when 'full' then pr.fee else pr.part_fee end as r1_fee,
      case r.shape when 'full' then pr.tax else pr.part_tax end as r1_tax,
      r.r1_at, r.r2_at,
      case when r.shape = 'split' then nextval(${p.entrySeq}::regclass) end as r2_entry,
      pr.amount - pr.part as r2_amount, pr.rest_fee as r2_fee, pr.rest_tax as r2_tax,
      (array['WRONG', 'NOT_NEEDED', 'DAMAGED', 'OTHER'])[1 + floor(r.rx * 4)::int] as motif
    from refunded_twice r
    join bulk_merchants m on m.slot = floor(r.rm * ${sql.lit(p.slots)})::int
    join bulk_prices pr on pr.i = floor(r.ra * r.ra * (select count(*) from bulk_prices))::int
    left join bulk_staff st on st.merchant_id = m.merchant_id and st.slot = floor(r.rst * ${sql.lit(p.slots)})::int
      and r.channel in ('SHOW_TO_PAY', 'SCAN_AND_PAY', 'PAYMENT_LINK')
    left join bulk_payers py on py.i = floor(r.rp * (select count(*) from bulk_payers))::int
      and r.shape in ${PAID_SHAPES}`;
}

/** Writes the chunk: orders, legs of every entry, the customers' top-ups, entries, postings, balances, refunds. */
export function BULK_WRITE_SQL(p: { entrySeq: string; bankSettlement: number }): Array<RawBuilder<unknown>> {
  return [
    sql`insert into orders (id, merchant_id, wallet_account_id, code, amount, fee, tax, currency, description,
          status, channel, created_by, cashier_name, created_at, updated_at, expires_at, paid_at,
          payer_account_id, lynk_id, transfer_id, external_transaction_id, refunded, refunded_fee, refunded_tax)
        select id, merchant_id, wallet_id, code, amount, fee, tax, 'JMD', description, status, channel,
          created_by, cashier_name, created_at, updated_at, expires_at, paid_at, payer_id, lynk_id, pay_entry,
          case when channel = 'PAY_WITH_LYNK' then 'WEB-' || id end,
          case when r1_entry is null then 0 else r1_amount + case when r2_entry is null then 0 else r2_amount end end,
          case when r1_entry is null then 0 else r1_fee + case when r2_entry is null then 0 else r2_fee end end,
          case when r1_entry is null then 0 else r1_tax + case when r2_entry is null then 0 else r2_tax end end
        from bulk_new`,
    // Each entry's postings: the payment (customer → branch, commission, GCT), each refund back.
    sql`create temp table bulk_legs on commit drop as
        select l.entry_id, l.account_id, l.amount, l.at
        from bulk_new n cross join lateral (values
          (n.pay_entry, n.payer_id, -n.amount, n.paid_at),
          (n.pay_entry, n.wallet_id, n.amount - n.fee - n.tax, n.paid_at),
          (n.pay_entry, n.fees_id, n.fee, n.paid_at),
          (n.pay_entry, n.gct_id, n.tax, n.paid_at),
          (n.r1_entry, n.payer_id, n.r1_amount, n.r1_at),
          (n.r1_entry, n.wallet_id, -(n.r1_amount - n.r1_fee - n.r1_tax), n.r1_at),
          (n.r1_entry, n.fees_id, -n.r1_fee, n.r1_at),
          (n.r1_entry, n.gct_id, -n.r1_tax, n.r1_at),
          (n.r2_entry, n.payer_id, n.r2_amount, n.r2_at),
          (n.r2_entry, n.wallet_id, -(n.r2_amount - n.r2_fee - n.r2_tax), n.r2_at),
          (n.r2_entry, n.fees_id, -n.r2_fee, n.r2_at),
          (n.r2_entry, n.gct_id, -n.r2_tax, n.r2_at)
        ) as l(entry_id, account_id, amount, at)
        where l.entry_id is not null and l.amount <> 0`,
    // Each customer tops up from the bank what they spent in the chunk, rounded up to J$5,000.
    sql`create temp table bulk_topups on commit drop as
        select nextval(${p.entrySeq}::regclass) as entry_id, account_id,
               (ceil(need / 500000.0) * 500000)::bigint as amount, at
        from (select l.account_id, -sum(l.amount) as need, min(l.at) - interval '1 hour' as at
              from bulk_legs l join bulk_payers py on py.account_id = l.account_id
              group by l.account_id having sum(l.amount) < 0) spent`,
    sql`insert into bulk_legs
        select entry_id, account_id, amount, at from bulk_topups
        union all select entry_id, ${p.bankSettlement}::int, -amount, at from bulk_topups`,
    sql`insert into journal_entries (id, kind, transfer_id, description, created_at)
        select pay_entry, 'ORDER_PAYMENT', null::bigint, 'Payment of order ' || id, paid_at from bulk_new
          where pay_entry is not null
        union all select r1_entry, 'ORDER_REFUND', null, 'Refund of order ' || id, r1_at from bulk_new
          where r1_entry is not null
        union all select r2_entry, 'ORDER_REFUND', null, 'Refund of order ' || id, r2_at
          from bulk_new where r2_entry is not null
        union all select entry_id, 'OPENING_BALANCE', null, 'Top-up from the bank', at from bulk_topups`,
    sql`insert into postings (entry_id, account_id, currency, amount, created_at)
        select entry_id, account_id, 'JMD', amount, at from bulk_legs order by entry_id`,
    sql`update accounts a set balance = a.balance + d.delta
        from (select account_id, sum(amount) as delta from bulk_legs group by account_id) d
        where a.id = d.account_id`,
    sql`insert into refunds (id, order_id, merchant_id, amount, commission_refund, gct_refund, motif, description,
          created_by, created_at)
        select r1_entry, id, merchant_id, r1_amount, r1_fee, r1_tax, motif, '', manager_id, r1_at
          from bulk_new where r1_entry is not null
        union all select r2_entry, id, merchant_id, r2_amount, r2_fee, r2_tax, motif, '', manager_id, r2_at
          from bulk_new where r2_entry is not null`,
  ];
}
