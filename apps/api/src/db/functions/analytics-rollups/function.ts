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
const JAMAICA_DAY_SQL = (at: string) => `((${at} at time zone 'UTC') - interval '5 hours')::date`;
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

const DAY = JAMAICA_DAY_SQL('at');

/**
 * The payers' buckets: blocks of 1, 2, 4, 8 and 16 days from the first of the month (the last one
 * of a month ends with it), the month (31) and the quarter (92). Any period is a handful of whole
 * blocks, so a year's top payers read about ten buckets of payers, not 365.
 */
const PAYER_SPANS = [1, 2, 4, 8, 16, 31, 92] as const;
const SPAN_START = `case span
    when 92 then make_date(extract(year from ${DAY})::int, (extract(month from ${DAY})::int - 1) / 3 * 3 + 1, 1)
    when 31 then ${MONTH_SQL(DAY)}
    else ${MONTH_SQL(DAY)} + (extract(day from ${DAY})::int - 1) / span * span end`;

/**
 * The rollup tables: each one's bucket columns (with their expressions over a source row's `at`)
 * and what else it is keyed by: channel and cashier (`breakdown`), nothing (`total`: a day's bar
 * of a long period), or the payer (`payer`, payments only, in every span's block).
 */
const ANALYTICS_ROLLUPS = {
  analytics_hourly: { buckets: [['hour', HOUR_SQL('at')]], kind: 'breakdown' },
  analytics_daily: { buckets: [['day', DAY]], kind: 'breakdown' },
  analytics_monthly: { buckets: [['month', MONTH_SQL(DAY)]], kind: 'breakdown' },
  analytics_daily_totals: { buckets: [['day', DAY]], kind: 'total' },
  analytics_payers: {
    buckets: [
      ['span', 'span'],
      ['start', SPAN_START],
    ],
    kind: 'payer',
  },
} as const;
export type AnalyticsRollup = keyof typeof ANALYTICS_ROLLUPS;

/** A rollup's key columns and their expressions, the figures it sums, and which source rows it counts. */
export function rollupColumns(table: AnalyticsRollup) {
  const { kind, buckets } = ANALYTICS_ROLLUPS[table];
  const rest = kind === 'payer' ? ['payer'] : kind === 'breakdown' ? ['channel', 'cashier_id'] : [];
  return {
    keys: ['merchant_id', 'wallet', ...buckets.map(([column]) => column), ...rest],
    expressions: ['merchant_id', 'wallet', ...buckets.map(([, expression]) => expression), ...rest],
    sums:
      kind === 'payer'
        ? ['payments_count', 'payments']
        : ['payments_count', 'payments', 'refunds_count', 'refunds'],
    /** Each payment once per span. */
    spans: kind === 'payer' ? `cross join unnest(array[${PAYER_SPANS.join(', ')}]) as p(span)` : '',
    where: kind === 'payer' ? 'payer is not null and payments_count <> 0' : 'true',
  };
}

function upsert(table: AnalyticsRollup): string {
  const { keys, expressions, sums, spans, where } = rollupColumns(table);
  const positions = keys.map((_, i) => i + 1).join(', ');
  return `
  insert into ${table} as r (${[...keys, ...sums].join(', ')})
  select ${[...expressions, ...sums.map((c) => `sum(${c})`)].join(', ')}
  from unnest(deltas) ${spans} where ${where}
  group by ${positions} order by ${positions}
  on conflict (${keys.join(', ')}) do update
  set ${sums.map((c) => `${c} = r.${c} + excluded.${c}`).join(', ')};`;
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
  ${(Object.keys(ANALYTICS_ROLLUPS) as AnalyticsRollup[]).map(upsert).join('\n')}
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
