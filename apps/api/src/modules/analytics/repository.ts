import { sql } from 'kysely';
import type { Db } from '../../db/transaction.ts';

/** Only the analytics module reads the rollups (migration 0023); the triggers write them. */

export type Wallet = 'JMD' | 'JAM-DEX';

/** Which rows a view counts: the merchants', one wallet or both, optionally one cashier's. */
export interface Scope {
  merchantIds: number[];
  wallets: Wallet[];
  /** A cashier's own orders only. */
  cashierId?: number | undefined;
}

/**
 * Both periods' rollup rows, summed by each of what the page shows: the whole period, each bucket,
 * channel, cashier and merchant (a chain's branches). `previous` is true for the period before.
 * `bucket` is a day (YYYY-MM-DD) or an hour's start (ISO 8601).
 */
export interface FigureGroup {
  wallet: Wallet;
  previous: boolean;
  by: 'total' | 'bucket' | 'channel' | 'cashier' | 'merchant';
  bucket: string | null;
  channel: string | null;
  cashier_id: number | null;
  merchant_id: number | null;
  payments_count: string;
  payments: string;
  refunds_count: string;
  refunds: string;
}

interface Grouped extends Omit<FigureGroup, 'by' | 'previous'> {
  is_previous: boolean;
  g_bucket: number;
  g_channel: number;
  g_cashier: number;
  g_merchant: number;
}

/**
 * One query over the rollup of the periods' granularity: hours between two instants, or Jamaica
 * days between two dates (both included). Grouping sets sum each view in one pass.
 */
export async function sumFigures(
  db: Db,
  scope: Scope,
  range:
    | { granularity: 'HOUR'; previousStart: Date; start: Date; end: Date }
    | { granularity: 'DAY'; previousFrom: string; from: string; to: string },
): Promise<FigureGroup[]> {
  const hourly = range.granularity === 'HOUR';
  const table = sql.table(hourly ? 'analytics_hourly' : 'analytics_daily');
  const bucket = hourly ? sql.ref('hour') : sql.ref('day');
  const bounds = hourly
    ? sql`hour >= ${range.previousStart.toISOString()}::timestamptz and hour < ${range.end.toISOString()}::timestamptz`
    : sql`day between ${range.previousFrom}::date and ${range.to}::date`;
  const previous = hourly
    ? sql`hour < ${range.start.toISOString()}::timestamptz`
    : sql`day < ${range.from}::date`;
  const bucketText = hourly
    ? sql`to_char(hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24:00:00.000"Z"')`
    : sql`day::text`;
  const cashier = scope.cashierId === undefined ? sql`true` : sql`cashier_id = ${scope.cashierId}`;
  const { rows } = await sql<Grouped>`
    select wallet, is_previous,
           grouping(${bucket}) as g_bucket, grouping(channel) as g_channel, grouping(cashier_id) as g_cashier,
           grouping(merchant_id) as g_merchant,
           ${bucketText} as bucket, channel, cashier_id, merchant_id,
           sum(payments_count)::text as payments_count, sum(payments)::text as payments,
           sum(refunds_count)::text as refunds_count, sum(refunds)::text as refunds
    from (select *, ${previous} as is_previous from ${table}
          where merchant_id = any(${scope.merchantIds}::int[]) and wallet = any(${scope.wallets}::text[])
            and ${bounds} and ${cashier}) r
    group by grouping sets ((wallet, is_previous), (wallet, is_previous, ${bucket}),
                            (wallet, is_previous, channel), (wallet, is_previous, cashier_id),
                            (wallet, is_previous, merchant_id))`.execute(db);
  return rows.map((r) => {
    const by =
      r.g_bucket === 0
        ? 'bucket'
        : r.g_channel === 0
          ? 'channel'
          : r.g_cashier === 0
            ? 'cashier'
            : r.g_merchant === 0
              ? 'merchant'
              : 'total';
    return {
      wallet: r.wallet,
      previous: r.is_previous,
      by,
      bucket: by === 'bucket' ? r.bucket : null,
      channel: by === 'channel' ? r.channel : null,
      cashier_id: by === 'cashier' ? r.cashier_id : null,
      merchant_id: by === 'merchant' ? r.merchant_id : null,
      payments_count: r.payments_count,
      payments: r.payments,
      refunds_count: r.refunds_count,
      refunds: r.refunds,
    };
  });
}

/**
 * The largest payers of a wallet between two Jamaica days (both included): whole months from the
 * monthly rollup, the days before and after them from the daily one.
 */
export async function topPayers(
  db: Db,
  merchantIds: number[],
  wallet: Wallet,
  days: { from: string; to: string; fullMonths: { from: string; to: string } | null },
  limit: number,
) {
  const months = days.fullMonths;
  const monthly = months
    ? sql`select payer, payments_count, payments from analytics_payers_monthly
          where merchant_id = any(${merchantIds}::int[]) and wallet = ${wallet}
            and month >= ${months.from}::date and month < ${months.to}::date`
    : sql`select null::text as payer, 0::bigint as payments_count, 0::bigint as payments where false`;
  const outsideMonths = months
    ? sql`and not (day >= ${months.from}::date and day < ${months.to}::date)`
    : sql``;
  const { rows } = await sql<{ payer: string; payments_count: string; payments: string }>`
    select payer, sum(payments_count)::text as payments_count, sum(payments)::text as payments
    from (${monthly}
          union all
          select payer, payments_count, payments from analytics_payers_daily
          where merchant_id = any(${merchantIds}::int[]) and wallet = ${wallet}
            and day between ${days.from}::date and ${days.to}::date ${outsideMonths}) p
    group by payer
    having sum(payments_count) > 0
    order by sum(payments) desc, payer
    limit ${limit}`.execute(db);
  return rows;
}

/** Which of the merchants hold a JAM-DEX wallet. */
export async function merchantsWithJamDex(db: Db, merchantIds: number[]): Promise<Set<number>> {
  const rows = await db
    .selectFrom('accounts')
    .select('merchant_id')
    .distinct()
    .where('type', '=', 'CBDC')
    .where('merchant_id', 'in', merchantIds)
    .execute();
  return new Set(rows.map((row) => row.merchant_id!));
}

/** Staff members' names by id. */
export async function staffNames(db: Db, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'display_name'])
    .where('id', 'in', userIds)
    .execute();
  return new Map(rows.map((row) => [row.id, row.display_name]));
}

/** The branches of a parent organisation (none: it is no parent), as the corporate view lists them. */
export function branchesOf(db: Db, parentOrganizationId: string) {
  return db
    .selectFrom('organizations as o')
    .innerJoin('merchants as m', 'm.organization_id', 'o.id')
    .select(['m.id as merchant_id', 'm.name'])
    .where('o.parent_id', '=', parentOrganizationId)
    .orderBy('m.id')
    .execute();
}
