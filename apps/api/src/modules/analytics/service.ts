import {
  ANALYTICS_MESSAGES,
  ANALYTICS_TOP_PAYERS,
  type Analytics,
  type AnalyticsBucket,
  type AnalyticsFigures,
  type AnalyticsQuery,
  type ChainAnalytics,
  type WalletAnalytics,
} from '@lynk/contract/analytics';
import type { SessionIdentity } from '@lynk/contract/session';
import type { OrderChannel } from '@lynk/contract/statuses';
import type { Db } from '../../db/transaction.ts';
import { notFound } from '../../lib/app-error.ts';
import { addDays, jamaicaMidnight } from '../ledger/index.ts';
import { divideHalfUp, ownerFilter } from '../orders/index.ts';
import {
  branchesOf,
  merchantsWithJamDex,
  staffNames,
  sumFigures,
  topPayers,
  type FigureGroup,
  type Scope,
  type Wallet,
} from './repository.ts';
import { bucketsOf, fullMonthsOf, payerBlocks, periodOf, type Period } from './periods.ts';

type Amounts = Omit<AnalyticsBucket, 'start'>;
type PayerRow = Awaited<ReturnType<typeof topPayers>>[number];
const ZERO: Amounts = { payments_count: 0, payments: 0, refunds_count: 0, refunds: 0, net: 0 };

function amountsOf(group: FigureGroup | undefined): Amounts {
  if (!group) return ZERO;
  const payments = Number(group.payments);
  const refunds = Number(group.refunds);
  return {
    payments_count: Number(group.payments_count),
    payments,
    refunds_count: Number(group.refunds_count),
    refunds,
    net: payments - refunds,
  };
}

/** Average ticket in whole cents and refund rate in basis points, both rounded half up; 0 without payments. */
function figuresOf(group: FigureGroup | undefined): AnalyticsFigures {
  const amounts = amountsOf(group);
  const paid = BigInt(group?.payments ?? 0);
  const count = BigInt(group?.payments_count ?? 0);
  return {
    ...amounts,
    average_ticket: count > 0n ? Number(divideHalfUp(paid, count)) : 0,
    refund_rate_bp: paid > 0n ? Number(divideHalfUp(BigInt(group!.refunds) * 10_000n, paid)) : 0,
  };
}

const busy = (group: FigureGroup) => group.payments_count !== '0' || group.refunds_count !== '0';
/** Largest payments first; equal ones in the order of their channel or cashier, the same every time. */
const largestFirst = (a: FigureGroup, b: FigureGroup) => {
  const difference = BigInt(b.payments) - BigInt(a.payments);
  if (difference !== 0n) return difference > 0n ? 1 : -1;
  return (a.channel ?? '').localeCompare(b.channel ?? '') || (a.cashier_id ?? 0) - (b.cashier_id ?? 0);
};

interface Viewer {
  merchantIds: number[];
  /** A cashier: their own orders' J$ figures only. */
  cashierId: number | undefined;
  jamDex: boolean;
}

async function walletAnalytics(
  db: Db,
  groups: FigureGroup[],
  wallet: Wallet,
  period: Period,
  payers: PayerRow[] | null,
): Promise<WalletAnalytics> {
  const mine = groups.filter((group) => group.wallet === wallet);
  const current = mine.filter((group) => !group.previous);
  const of = (by: FigureGroup['by'], previous = false) =>
    (previous ? mine.filter((group) => group.previous) : current).filter((group) => group.by === by);
  const byBucket = new Map(of('bucket').map((group) => [group.bucket, group]));
  const cashiers = of('cashier').filter(busy).sort(largestFirst);
  const names = await staffNames(
    db,
    cashiers.map((group) => group.cashier_id!).filter((id) => id !== 0),
  );
  return {
    current: figuresOf(of('total')[0]),
    previous: figuresOf(of('total', true)[0]),
    series: bucketsOf(period).map(({ key, start }) => ({ start, ...amountsOf(byBucket.get(key)) })),
    by_channel:
      wallet === 'JAM-DEX'
        ? []
        : of('channel')
            .filter(busy)
            .sort(largestFirst)
            .map((group) => ({ channel: group.channel as OrderChannel, ...amountsOf(group) })),
    by_cashier:
      wallet === 'JAM-DEX'
        ? []
        : cashiers.map((group) => ({
            cashier_id: group.cashier_id === 0 ? null : group.cashier_id,
            cashier_name: group.cashier_id === 0 ? null : (names.get(group.cashier_id!) ?? null),
            ...amountsOf(group),
          })),
    top_payers:
      payers?.map((row) => ({
        payer: row.payer,
        payments_count: Number(row.payments_count),
        payments: Number(row.payments),
      })) ?? null,
  };
}

async function analyticsOf(db: Db, query: AnalyticsQuery, viewer: Viewer) {
  const period = periodOf(query);
  const scope: Scope = {
    merchantIds: viewer.merchantIds,
    wallets: viewer.jamDex ? ['JMD', 'JAM-DEX'] : ['JMD'],
    cashierId: viewer.cashierId,
  };
  const payersOf = (wallet: Wallet) =>
    viewer.cashierId === undefined
      ? topPayers(db, viewer.merchantIds, wallet, payerBlocks(period.from, period.to), ANALYTICS_TOP_PAYERS)
      : null;
  // Asked for together: on PostgreSQL each query runs on a connection of its own.
  const figures = sumFigures(
    db,
    scope,
    period.granularity === 'HOUR'
      ? {
          granularity: 'HOUR',
          previousStart: jamaicaMidnight(period.previous_from),
          start: jamaicaMidnight(period.from),
          end: jamaicaMidnight(addDays(period.to, 1)),
        }
      : {
          granularity: 'DAY',
          previousFrom: period.previous_from,
          from: period.from,
          to: period.to,
          months: fullMonthsOf(period.from, period.to),
        },
  );
  const [groups, jmdPayers, jamDexPayers] = await Promise.all([
    figures,
    payersOf('JMD'),
    viewer.jamDex ? payersOf('JAM-DEX') : null,
  ]);
  const [jmd, jamDex] = await Promise.all([
    walletAnalytics(db, groups, 'JMD', period, jmdPayers),
    viewer.jamDex ? walletAnalytics(db, groups, 'JAM-DEX', period, jamDexPayers) : null,
  ]);
  const analytics: Analytics = { ...period, currency: 'JMD', jmd, jam_dex: jamDex };
  return { analytics, groups };
}

/**
 * The caller's merchant's analytics for a period and the one before it. A caller who may read
 * only their own orders (a cashier) gets the J$ figures of the orders they took.
 */
export async function merchantAnalytics(
  db: Db,
  identity: SessionIdentity,
  query: AnalyticsQuery,
): Promise<Analytics> {
  const cashierId = ownerFilter(identity);
  const merchantId = identity.merchant_id;
  const jamDex = cashierId === undefined && (await merchantsWithJamDex(db, [merchantId])).has(merchantId);
  return (await analyticsOf(db, query, { merchantIds: [merchantId], cashierId, jamDex })).analytics;
}

/**
 * A parent organisation's analytics: its branches' figures together, and each branch's headline.
 * An organisation without branches has no chain (404, as another tenant's object would).
 */
export async function chainAnalytics(
  db: Db,
  identity: SessionIdentity,
  query: AnalyticsQuery,
): Promise<ChainAnalytics> {
  const branches = await branchesOf(db, identity.org_id);
  if (branches.length === 0) throw notFound(ANALYTICS_MESSAGES.notAChain);
  const merchantIds = branches.map((branch) => branch.merchant_id);
  const withJamDex = await merchantsWithJamDex(db, merchantIds);
  const { analytics, groups } = await analyticsOf(db, query, {
    merchantIds,
    cashierId: undefined,
    jamDex: withJamDex.size > 0,
  });
  const headline = (merchantId: number, wallet: Wallet) =>
    figuresOf(
      groups.find(
        (group) =>
          !group.previous &&
          group.by === 'merchant' &&
          group.merchant_id === merchantId &&
          group.wallet === wallet,
      ),
    );
  return {
    ...analytics,
    branches: branches.map((branch) => ({
      merchant_id: branch.merchant_id,
      name: branch.name,
      jmd: headline(branch.merchant_id, 'JMD'),
      jam_dex: withJamDex.has(branch.merchant_id) ? headline(branch.merchant_id, 'JAM-DEX') : null,
    })),
  };
}
