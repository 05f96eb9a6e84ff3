/**
 * The analytics rollups (ADR 048): per merchant, what was paid and refunded, kept by statement
 * triggers in the transaction that wrote the payment or the refund, whatever wrote it (the ledger
 * engine, the demo seeding, the bulk seeder).
 *
 * What they count, the one definition the triggers and `ledger:verify` share:
 * - a J$ payment: an order with `paid_at` set, at `paid_at`, under its channel and the staff member
 *   who took it (`created_by`, 0 for a customer's own), its payer the order's `lynk_id`;
 * - a J$ refund: a `refunds` row, at its `created_at`, under its order's channel and cashier;
 * - a JAM-DEX payment: a `cbdc_payments` row with status 'Success', at its `created_at`, its payer
 *   the wallet it came from (`from_id`); channel '' and cashier 0.
 * Hours are UTC hours (Jamaica is UTC−5 all year, so they are Jamaica's hours too); days are
 * Jamaica calendar days; months the Jamaica month of the day.
 */

/** Jamaica keeps UTC−5 all year (no DST since 1983): a fixed offset, the same on every server. */
export const JAMAICA_DAY_SQL = (at: string) => `((${at} at time zone 'UTC') - interval '5 hours')::date`;
const HOUR_SQL = (at: string) => `date_bin('1 hour', ${at}, timestamptz '2000-01-01 00:00:00+00')`;
const MONTH_SQL = (day: string) => `(${day} - (extract(day from ${day})::int - 1))`;

/**
 * Every payment and refund as one row each: merchant_id, wallet, at, channel, cashier_id, payer,
 * payments_count, payments, refunds_count, refunds. What the rollups must sum to.
 */
export const ANALYTICS_SOURCE_ROWS = `
  select merchant_id, 'JMD'::text as wallet, paid_at as at, channel, coalesce(created_by, 0) as cashier_id,
         lynk_id as payer, 1::bigint as payments_count, amount as payments, 0::bigint as refunds_count,
         0::bigint as refunds
  from orders where paid_at is not null
  union all
  select r.merchant_id, 'JMD', r.created_at, o.channel, coalesce(o.created_by, 0), null, 0, 0, 1, r.amount
  from refunds r join orders o on o.id = r.order_id
  union all
  select merchant_id, 'JAM-DEX', created_at, '', 0, from_id, 1, amount, 0, 0
  from cbdc_payments where status = 'Success'`;

/** The rollup tables, each with its bucket expression over a source row's `at`. */
export const ANALYTICS_ROLLUPS = {
  analytics_hourly: { bucket: 'hour', expression: HOUR_SQL('at'), perPayer: false },
  analytics_daily: { bucket: 'day', expression: JAMAICA_DAY_SQL('at'), perPayer: false },
  analytics_payers_daily: { bucket: 'day', expression: JAMAICA_DAY_SQL('at'), perPayer: true },
  analytics_payers_monthly: {
    bucket: 'month',
    expression: MONTH_SQL(JAMAICA_DAY_SQL('at')),
    perPayer: true,
  },
} as const;

function upsert(table: keyof typeof ANALYTICS_ROLLUPS): string {
  const { bucket, expression, perPayer } = ANALYTICS_ROLLUPS[table];
  if (perPayer) {
    return `
  insert into ${table} as r (merchant_id, wallet, ${bucket}, payer, payments_count, payments)
  select merchant_id, wallet, ${expression}, payer, sum(payments_count), sum(payments)
  from unnest(deltas) where payer is not null and payments_count <> 0
  group by 1, 2, 3, 4 order by 1, 2, 3, 4
  on conflict (merchant_id, wallet, ${bucket}, payer) do update
  set payments_count = r.payments_count + excluded.payments_count, payments = r.payments + excluded.payments;`;
  }
  return `
  insert into ${table} as r (merchant_id, wallet, ${bucket}, channel, cashier_id, payments_count, payments,
                             refunds_count, refunds)
  select merchant_id, wallet, ${expression}, channel, cashier_id, sum(payments_count), sum(payments),
         sum(refunds_count), sum(refunds)
  from unnest(deltas) group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
  on conflict (merchant_id, wallet, ${bucket}, channel, cashier_id) do update
  set payments_count = r.payments_count + excluded.payments_count, payments = r.payments + excluded.payments,
      refunds_count = r.refunds_count + excluded.refunds_count, refunds = r.refunds + excluded.refunds;`;
}

/**
 * Adds a statement's payments and refunds (signed: a change takes the old row's away) to every
 * rollup. Concurrent writers meet on `on conflict do update`, and each statement takes its rows'
 * locks in key order, so two of them never wait on each other in a circle.
 */
const ANALYTICS_ADD = `
create or replace function analytics_add(deltas analytics_delta[]) returns void language plpgsql as $$
begin
  if coalesce(array_length(deltas, 1), 0) = 0 then
    return;
  end if;
  ${upsert('analytics_hourly')}
  ${upsert('analytics_daily')}
  ${upsert('analytics_payers_daily')}
  ${upsert('analytics_payers_monthly')}
end $$;`;

const ORDER_DELTA = (o: string, sign: string) =>
  `row(${o}.merchant_id, 'JMD', ${o}.paid_at, ${o}.channel, coalesce(${o}.created_by, 0), ${o}.lynk_id,
       ${sign}1, ${sign}${o}.amount, 0, 0)::analytics_delta`;

/** Orders inserted already paid (the demo's and the bulk seeder's). */
const ANALYTICS_ORDERS_INSERTED = `
create or replace function analytics_orders_inserted() returns trigger language plpgsql as $$
begin
  perform analytics_add(array(select ${ORDER_DELTA('n', '')} from analytics_new n where n.paid_at is not null));
  return null;
end $$;`;

/**
 * Orders paid (the ledger engine sets `paid_at` with the payment); any other change of what a paid
 * order counts under moves it: the old row's figures out, the new row's in.
 */
const ANALYTICS_ORDERS_UPDATED = `
create or replace function analytics_orders_updated() returns trigger language plpgsql as $$
begin
  perform analytics_add(array(
    with changed as (
      select o as old_row, n as new_row from analytics_old o join analytics_new n on n.id = o.id
      where o.paid_at is distinct from n.paid_at or o.merchant_id <> n.merchant_id or o.channel <> n.channel
         or o.created_by is distinct from n.created_by or o.lynk_id is distinct from n.lynk_id
         or o.amount <> n.amount)
    select ${ORDER_DELTA('(c.new_row)', '')} from changed c where (c.new_row).paid_at is not null
    union all
    select ${ORDER_DELTA('(c.old_row)', '-')} from changed c where (c.old_row).paid_at is not null));
  return null;
end $$;`;

/** Refunds, counted when made under their order's channel and cashier. */
const ANALYTICS_REFUNDS_INSERTED = `
create or replace function analytics_refunds_inserted() returns trigger language plpgsql as $$
begin
  perform analytics_add(array(
    select row(r.merchant_id, 'JMD', r.created_at, o.channel, coalesce(o.created_by, 0), null, 0, 0, 1,
               r.amount)::analytics_delta
    from analytics_new r join orders o on o.id = r.order_id));
  return null;
end $$;`;

/** JAM-DEX payments received. */
const ANALYTICS_CBDC_INSERTED = `
create or replace function analytics_cbdc_inserted() returns trigger language plpgsql as $$
begin
  perform analytics_add(array(
    select row(c.merchant_id, 'JAM-DEX', c.created_at, '', 0, c.from_id, 1, c.amount, 0, 0)::analytics_delta
    from analytics_new c where c.status = 'Success'));
  return null;
end $$;`;

export const ANALYTICS_FUNCTIONS = [
  ANALYTICS_ADD,
  ANALYTICS_ORDERS_INSERTED,
  ANALYTICS_ORDERS_UPDATED,
  ANALYTICS_REFUNDS_INSERTED,
  ANALYTICS_CBDC_INSERTED,
];
