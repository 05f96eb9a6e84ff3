import { sql, type Kysely } from 'kysely';
import { ANALYTICS_FUNCTIONS, ANALYTICS_SOURCE_ROWS } from '../functions/analytics-rollups/function.ts';

/**
 * The analytics page's rollups (ADR 048): per merchant, wallet (J$ or JAM-DEX), channel and
 * cashier, what was paid and refunded by the hour, the Jamaica day and the month; each day's
 * totals; and per payer in blocks of 1 to 16 days, months and quarters. A long period reads whole
 * months (and blocks) and the days around them, not every day's rows.
 * Kept by statement triggers on orders, refunds and cbdc_payments, in the transaction that wrote
 * the payment or refund, so they are exact whatever path wrote it; `ledger:verify` compares them
 * with the rows. The functions are created here because a trigger needs its function to exist;
 * `installFunctions` keeps them current afterwards (ADR 020). What exists already is counted once
 * at the end.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create type analytics_delta as (
    merchant_id integer, wallet text, at timestamptz, channel text, cashier_id integer, payer text,
    payments_count bigint, payments bigint, refunds_count bigint, refunds bigint)`.execute(db);

  // Rows are updated in place with every payment: room left on each page keeps the updates HOT.
  const figures = (table: string, bucket: 'hour' | 'day' | 'month') => sql`create table ${sql.id(table)} (
    merchant_id integer not null,
    wallet text not null check (wallet in ('JMD', 'JAM-DEX')),
    ${sql.id(bucket)} ${sql.raw(bucket === 'hour' ? 'timestamptz' : 'date')} not null,
    -- '' for JAM-DEX payments, which have no channel.
    channel text not null,
    -- 0 for a customer's own orders and JAM-DEX payments: nobody on the staff took them.
    cashier_id integer not null,
    payments_count bigint not null default 0,
    payments bigint not null default 0,
    refunds_count bigint not null default 0,
    refunds bigint not null default 0,
    primary key (merchant_id, wallet, ${sql.id(bucket)}, channel, cashier_id)) with (fillfactor = 80)`;
  await figures('analytics_hourly', 'hour').execute(db);
  await figures('analytics_daily', 'day').execute(db);
  // A long period reads whole months here and only the days around them above.
  await figures('analytics_monthly', 'month').execute(db);
  // A long period's bars: one row a day, whatever the channels and cashiers.
  await sql`create table analytics_daily_totals (
    merchant_id integer not null,
    wallet text not null check (wallet in ('JMD', 'JAM-DEX')),
    day date not null,
    payments_count bigint not null default 0,
    payments bigint not null default 0,
    refunds_count bigint not null default 0,
    refunds bigint not null default 0,
    primary key (merchant_id, wallet, day)) with (fillfactor = 80)`.execute(db);

  // Each payer's payments in blocks of `span` days (31: the month, 92: the quarter) from `start`.
  await sql`create table analytics_payers (
    merchant_id integer not null,
    wallet text not null check (wallet in ('JMD', 'JAM-DEX')),
    span smallint not null check (span in (1, 2, 4, 8, 16, 31, 92)),
    start date not null,
    payer text not null,
    payments_count bigint not null default 0,
    payments bigint not null default 0,
    primary key (merchant_id, wallet, span, start, payer)) with (fillfactor = 80)`.execute(db);

  for (const fn of ANALYTICS_FUNCTIONS) await sql.raw(fn).execute(db);

  // A trigger with transition tables takes one event.
  await sql`create trigger analytics_orders_insert after insert on orders
    referencing new table as analytics_new
    for each statement execute function analytics_orders_inserted()`.execute(db);
  await sql`create trigger analytics_orders_update after update on orders
    referencing old table as analytics_old new table as analytics_new
    for each statement execute function analytics_orders_updated()`.execute(db);
  await sql`create trigger analytics_refunds_insert after insert on refunds
    referencing new table as analytics_new
    for each statement execute function analytics_refunds_inserted()`.execute(db);
  await sql`create trigger analytics_cbdc_insert after insert on cbdc_payments
    referencing new table as analytics_new
    for each statement execute function analytics_cbdc_inserted()`.execute(db);

  // What was paid and refunded before the triggers.
  await sql`select analytics_add(array(
    select row(merchant_id, wallet, at, channel, cashier_id, payer, payments_count, payments,
               refunds_count, refunds)::analytics_delta
    from (${sql.raw(ANALYTICS_SOURCE_ROWS)}) s))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger analytics_cbdc_insert on cbdc_payments`.execute(db);
  await sql`drop trigger analytics_refunds_insert on refunds`.execute(db);
  await sql`drop trigger analytics_orders_update on orders`.execute(db);
  await sql`drop trigger analytics_orders_insert on orders`.execute(db);
  for (const fn of [
    'analytics_cbdc_inserted',
    'analytics_refunds_inserted',
    'analytics_orders_updated',
    'analytics_orders_inserted',
  ]) {
    await sql`drop function ${sql.id(fn)}()`.execute(db);
  }
  await sql`drop function analytics_add(analytics_delta[])`.execute(db);
  for (const table of [
    'analytics_payers',
    'analytics_daily_totals',
    'analytics_monthly',
    'analytics_daily',
    'analytics_hourly',
  ])
    await sql`drop table ${sql.id(table)}`.execute(db);
  await sql`drop type analytics_delta`.execute(db);
}
