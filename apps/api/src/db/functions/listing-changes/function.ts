/**
 * The channel the database announces listing changes on (ADR 032): the payload is the merchant
 * ids whose listings a committed statement changed, comma-joined, or `*` for every merchant.
 */
export const LISTING_CHANGES_CHANNEL = 'listing_changes';

/**
 * NOTIFY payloads must stay under 8000 bytes; a statement touching more merchants than fit (the
 * expiry job across every branch, a bulk load) announces `*` instead.
 */
const MAX_PAYLOAD = 7000;

/**
 * A statement trigger's function (transition tables `listing_new` / `listing_old`): announces the
 * distinct values of the column named by the trigger's first argument (the merchant id) in the
 * rows the statement wrote. NOTIFY is delivered after commit, so a rolled-back write announces
 * nothing and a listener never hears of a change before it can be read.
 */
export const LISTING_CHANGES_NOTIFY = `
create or replace function listing_changes_notify() returns trigger language plpgsql as $$
declare
  ids text;
begin
  if tg_op = 'TRUNCATE' then
    perform pg_notify('${LISTING_CHANGES_CHANNEL}', '*');
    return null;
  elsif tg_op = 'INSERT' then
    execute format('select string_agg(distinct %I::text, '','') from listing_new', tg_argv[0]) into ids;
  elsif tg_op = 'DELETE' then
    execute format('select string_agg(distinct %I::text, '','') from listing_old', tg_argv[0]) into ids;
  else
    execute format(
      'select string_agg(distinct m::text, '','') from '
      '(select %1$I as m from listing_new union select %1$I from listing_old) s',
      tg_argv[0]) into ids;
  end if;
  if ids is null then
    return null;
  end if;
  if length(ids) > ${MAX_PAYLOAD} then
    ids := '*';
  end if;
  perform pg_notify('${LISTING_CHANGES_CHANNEL}', ids);
  return null;
end $$;
`;

/**
 * A staff member's display name shows on the refunds and batch listings of every merchant they
 * ever acted for, memberships since removed included: a renamed user invalidates every merchant
 * (rare, and exact without a join through history).
 */
export const LISTING_CHANGES_NOTIFY_RENAME = `
create or replace function listing_changes_notify_rename() returns trigger language plpgsql as $$
begin
  if exists (
    select 1 from listing_new n join listing_old o on o.id = n.id
    where n.display_name is distinct from o.display_name
  ) then
    perform pg_notify('${LISTING_CHANGES_CHANNEL}', '*');
  end if;
  return null;
end $$;
`;

/**
 * Every table a cached listing reads, with the column naming the merchant whose listings its rows
 * show (the kept counts tables change only with these, in the same statement's triggers).
 *   orders: the orders listing, and the refunds listing's order columns
 *   refunds: the refunds listing
 *   transfers: the transfers listings
 *   batch_payments: the batch payments listing
 *   merchants: the merchant's name on the refunds listing (`from`)
 */
export const LISTING_TABLES: ReadonlyArray<readonly [table: string, merchantColumn: string]> = [
  ['orders', 'merchant_id'],
  ['refunds', 'merchant_id'],
  ['transfers', 'merchant_id'],
  ['batch_payments', 'merchant_id'],
  ['merchants', 'id'],
];
