import { sql } from 'kysely';
import type { Db } from '../../db/transaction.ts';
import { addDays } from '../ledger/index.ts';

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

interface Sums {
  payments_count: string;
  payments: string;
  refunds_count: string;
  refunds: string;
}
const SUMS = ['payments_count', 'payments', 'refunds_count', 'refunds'] as const;
const sums = sql`sum(payments_count)::text as payments_count, sum(payments)::text as payments,
  sum(refunds_count)::text as refunds_count, sum(refunds)::text as refunds`;

/** Adds rows' sums up under a key, as bigints, into groups of `FigureGroup`. */
function addUp<T extends Sums & { wallet: Wallet }>(
  rows: T[],
  key: (row: T) => string,
  group: (row: T) => Omit<FigureGroup, keyof Sums>,
): FigureGroup[] {
  const totals = new Map<string, { group: Omit<FigureGroup, keyof Sums>; sums: bigint[] }>();
  for (const row of rows) {
    const k = key(row);
    let entry = totals.get(k);
    if (!entry) {
      entry = { group: group(row), sums: [0n, 0n, 0n, 0n] };
      totals.set(k, entry);
    }
    SUMS.forEach((column, i) => (entry.sums[i]! += BigInt(row[column])));
  }
  return [...totals.values()].map(({ group: g, sums: s }) => ({
    ...g,
    payments_count: String(s[0]),
    payments: String(s[1]),
    refunds_count: String(s[2]),
    refunds: String(s[3]),
  }));
}

/** Whole months of a period, as [first day, first day after). */
export interface FullMonths {
  from: string;
  to: string;
}

/**
 * Two plain aggregations: each bucket of both periods, and the current period by merchant,
 * channel and cashier; the page's views are added up from those. One day is read by the hour.
 * Longer periods read each day's totals (a cashier: their own rows of the day) and, for the
 * breakdown, whole months from the monthly rollup and the days around them from the daily one.
 * (One query with grouping sets reads the rows once but sorts them once per set: slower.)
 */
export async function sumFigures(
  db: Db,
  scope: Scope,
  range:
    | { granularity: 'HOUR'; previousStart: Date; start: Date; end: Date }
    | { granularity: 'DAY'; previousFrom: string; from: string; to: string; months: FullMonths | null },
): Promise<FigureGroup[]> {
  const whose = sql`merchant_id = any(${scope.merchantIds}::int[]) and wallet = any(${scope.wallets}::text[])`;
  const own = scope.cashierId === undefined ? sql`true` : sql`cashier_id = ${scope.cashierId}`;
  const columns = sql`wallet, merchant_id, channel, cashier_id, payments_count, payments, refunds_count, refunds`;
  let buckets;
  let breakdown;
  if (range.granularity === 'HOUR') {
    const start = range.start.toISOString();
    const end = range.end.toISOString();
    buckets = sql<BucketRow>`
      select wallet, to_char(hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24:00:00.000"Z"') as bucket,
             hour < ${start}::timestamptz as is_previous, ${sums}
      from analytics_hourly
      where ${whose} and ${own} and hour >= ${range.previousStart.toISOString()}::timestamptz
        and hour < ${end}::timestamptz
      group by wallet, hour`;
    breakdown = sql<BreakdownRow>`
      select wallet, merchant_id, channel, cashier_id, ${sums} from analytics_hourly
      where ${whose} and ${own} and hour >= ${start}::timestamptz and hour < ${end}::timestamptz
      group by wallet, merchant_id, channel, cashier_id`;
  } else {
    const days = sql`day between ${range.previousFrom}::date and ${range.to}::date`;
    buckets = sql<BucketRow>`
      select wallet, day::text as bucket, day < ${range.from}::date as is_previous, ${sums}
      from ${sql.table(scope.cashierId === undefined ? 'analytics_daily_totals' : 'analytics_daily')}
      where ${whose} and ${own} and ${days}
      group by wallet, day`;
    const { months } = range;
    const daily = (from: string, to: string) =>
      sql`select ${columns} from analytics_daily
          where ${whose} and ${own} and day >= ${from}::date and day < ${to}::date`;
    const after = addDays(range.to, 1);
    // Whole months from the monthly rollup; the days before and after them (two ranges, so that
    // the index reads only those days) from the daily one.
    const parts = months
      ? sql`select ${columns} from analytics_monthly
            where ${whose} and ${own} and month >= ${months.from}::date and month < ${months.to}::date
            union all ${daily(range.from, months.from)}
            union all ${daily(months.to, after)}`
      : daily(range.from, after);
    breakdown = sql<BreakdownRow>`
      select wallet, merchant_id, channel, cashier_id, ${sums} from (${parts}) r
      group by wallet, merchant_id, channel, cashier_id`;
  }
  const [{ rows: b }, { rows: d }] = await Promise.all([buckets.execute(db), breakdown.execute(db)]);
  const none = { bucket: null, channel: null, cashier_id: null, merchant_id: null };
  return [
    ...addUp(
      b,
      (r) => `${r.wallet}|${r.is_previous}`,
      (r) => ({ ...none, wallet: r.wallet, previous: r.is_previous, by: 'total' }),
    ),
    ...addUp(
      b.filter((r) => !r.is_previous),
      (r) => `${r.wallet}|${r.bucket}`,
      (r) => ({ ...none, wallet: r.wallet, previous: false, by: 'bucket', bucket: r.bucket }),
    ),
    ...addUp(
      d,
      (r) => `${r.wallet}|${r.channel}`,
      (r) => ({ ...none, wallet: r.wallet, previous: false, by: 'channel', channel: r.channel }),
    ),
    ...addUp(
      d,
      (r) => `${r.wallet}|${r.cashier_id}`,
      (r) => ({ ...none, wallet: r.wallet, previous: false, by: 'cashier', cashier_id: r.cashier_id }),
    ),
    ...addUp(
      d,
      (r) => `${r.wallet}|${r.merchant_id}`,
      (r) => ({ ...none, wallet: r.wallet, previous: false, by: 'merchant', merchant_id: r.merchant_id }),
    ),
  ];
}

type BucketRow = Sums & { wallet: Wallet; bucket: string; is_previous: boolean };
type BreakdownRow = Sums & { wallet: Wallet; merchant_id: number; channel: string; cashier_id: number };

/**
 * The largest payers of a wallet over a period, given as the payers' rollup blocks that tile it
 * (see `payerBlocks`): a handful of buckets of payers whatever its length.
 */
export async function topPayers(
  db: Db,
  merchantIds: number[],
  wallet: Wallet,
  blocks: Array<{ span: number; start: string }>,
  limit: number,
) {
  // Each block read by its own index range (a lateral join), whatever the planner thinks of the list.
  const { rows } = await sql<{ payer: string; payments_count: string; payments: string }>`
    select p.payer, sum(p.payments_count)::text as payments_count, sum(p.payments)::text as payments
    from unnest(${blocks.map((b) => b.span)}::smallint[], ${blocks.map((b) => b.start)}::date[]) as b(span, start)
    cross join lateral (
      select payer, payments_count, payments from analytics_payers
      where merchant_id = any(${merchantIds}::int[]) and wallet = ${wallet} and span = b.span and start = b.start
    ) p
    group by p.payer
    having sum(p.payments_count) > 0
    order by sum(p.payments) desc, p.payer
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
