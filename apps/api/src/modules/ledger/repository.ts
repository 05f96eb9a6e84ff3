import { sql } from 'kysely';
import {
  ANALYTICS_SOURCE_ROWS,
  rollupColumns,
  type AnalyticsRollup,
} from '../../db/functions/analytics-rollups/function.ts';
import type { Currency } from '../../db/schema.ts';
import type { Db } from '../../db/transaction.ts';

/** Inserts the internal accounts that are not there yet, in one statement. */
export async function insertInternalAccounts(
  db: Db,
  accounts: Array<{ ref: string; label: string; currency: Currency }>,
): Promise<void> {
  await db
    .insertInto('accounts')
    .values(
      accounts.map((account) => ({
        merchant_id: null,
        type: 'INTERNAL' as const,
        currency: account.currency,
        account_ref: account.ref,
        external_reference: null,
        label: account.label,
        allow_negative: true,
      })),
    )
    .onConflict((oc) => oc.column('account_ref').doNothing())
    .execute();
}

export async function findInternalAccountIds(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('accounts')
    .select(['id', 'account_ref'])
    .where('type', '=', 'INTERNAL')
    .execute();
  return new Map(rows.map((row) => [row.account_ref, row.id]));
}

export interface AccountFacts {
  id: number;
  merchant_id: number | null;
  type: string;
  currency: Currency;
  label: string;
}

export function findAccountFacts(db: Db, accountIds: number[]): Promise<AccountFacts[]> {
  return db
    .selectFrom('accounts')
    .select(['id', 'merchant_id', 'type', 'currency', 'label'])
    .where('id', 'in', accountIds)
    .execute();
}

/**
 * The rows of one analytics rollup (ADR 048) that differ from what the payments and refunds sum to
 * in their bucket: a missing, extra or wrong row each count once.
 */
function rollupMismatches(table: AnalyticsRollup) {
  const { keys, expressions, sums, spans, where } = rollupColumns(table);
  const raw = (parts: string[], separator = ', ') => sql.raw(parts.join(separator));
  const computed = expressions.map((expression, i) => `${expression} as ${keys[i]}`);
  return sql`
    select count(*) from ${sql.table(table)} r
    full join (select ${raw([...computed, ...sums.map((c) => `sum(${c}) as ${c}`)])}
               from (${sql.raw(ANALYTICS_SOURCE_ROWS)}) s ${sql.raw(spans)} where ${sql.raw(where)}
               group by ${raw(keys.map((_, i) => String(i + 1)))}) t
      on ${raw(
        keys.map((k) => `t.${k} = r.${k}`),
        ' and ',
      )}
    where ${raw(
      sums.map((c) => `coalesce(r.${c}, 0) <> coalesce(t.${c}, 0)`),
      ' or ',
    )}`;
}

/** Each check counts the rows that break one rule of the ledger; all zero means it is sound. */
const CHECKS = {
  /** A stored balance differs from the sum of the account's postings. */
  balancesNotMatchingPostings: sql`
    select count(*) from accounts a
    left join (select account_id, sum(amount) as total from postings group by account_id) p on p.account_id = a.id
    where a.balance <> coalesce(p.total, 0)`,
  /** An entry whose postings do not sum to zero in a currency. */
  unbalancedEntries: sql`
    select count(distinct entry_id) from (
      select entry_id from postings group by entry_id, currency having sum(amount) <> 0) bad`,
  /** An entry with fewer than two postings. */
  entriesWithTooFewPostings: sql`
    select count(*) from journal_entries e
    left join (select entry_id, count(*) as n from postings group by entry_id) p on p.entry_id = e.id
    where coalesce(p.n, 0) < 2`,
  negativeWallets: sql`select count(*) from accounts where not allow_negative and balance < 0`,
  /** What the dropped foreign keys caught: postings, entries and transfers pointing nowhere. */
  postingsWithoutAccount: sql`
    select count(*) from postings p left join accounts a on a.id = p.account_id
    where a.id is null or a.currency <> p.currency`,
  postingsWithoutEntry: sql`
    select count(*) from postings p left join journal_entries e on e.id = p.entry_id where e.id is null`,
  entriesWithoutTransfer: sql`
    select count(*) from journal_entries e left join transfers t on t.id = e.transfer_id
    where e.transfer_id is not null and t.id is null`,
  transfersWithoutAccounts: sql`
    select count(*) from transfers t
    left join accounts w on w.id = t.wallet_account_id and w.merchant_id = t.merchant_id
    left join accounts c on c.id = t.counterpart_account_id and c.merchant_id = t.merchant_id
    where w.id is null or c.id is null`,
  /**
   * A period's counted usage differs from what used it: the limited transfers it accepted (failed
   * ones gave theirs back) and the batch payees paid from the main wallet (amount, fee and GCT).
   */
  limitUsageNotMatchingTransfers: sql`
    select count(*) from limit_usage u
    full join (select account_id, limit_type, period_start, sum(amount) as total from (
                 select wallet_account_id as account_id, limit_type, limit_period_start as period_start, amount
                 from transfers where limit_type is not null and status <> 'FAILED'
                 union all
                 select w.id, 'MBATCH', b.limit_period_start, p.amount + p.fee + p.gct
                 from batch_payees p join batch_payments b on b.id = p.batch_id
                 join accounts w on w.merchant_id = b.merchant_id and w.type = 'LYNK'
                 where p.status = 'PAID') used
               group by account_id, limit_type, period_start) t
      on t.account_id = u.account_id and t.limit_type = u.transfer_type and t.period_start = u.period_start
    where coalesce(u.used, 0) <> coalesce(t.total, 0)`,
  /** The kept transfer counts (the listings' footers) differ from the rows. */
  countsNotMatchingTransfers: sql`
    select count(*) from transfer_counts c
    full join (select merchant_id, jam_dex, count(*) as n from transfers group by merchant_id, jam_dex) t
      on t.merchant_id = c.merchant_id and t.jam_dex = c.jam_dex
    where coalesce(c.n, 0) <> coalesce(t.n, 0)`,
  /** The kept order counts (the orders list's footer) differ from the rows. */
  countsNotMatchingOrders: sql`
    select count(*) from order_counts c
    full join (select merchant_id, coalesce(created_by, 0) as created_by, count(*) as n from orders group by 1, 2) o
      on o.merchant_id = c.merchant_id and o.created_by = c.created_by
    where coalesce(c.n, 0) <> coalesce(o.n, 0)`,
  /** An order's refunded amounts differ from its refunds (ADR 021). */
  ordersNotMatchingRefunds: sql`
    select count(*) from orders o
    left join (select order_id, sum(amount) as amount, sum(commission_refund) as fee, sum(gct_refund) as tax
               from refunds group by order_id) r on r.order_id = o.id
    where o.refunded <> coalesce(r.amount, 0) or o.refunded_fee <> coalesce(r.fee, 0)
       or o.refunded_tax <> coalesce(r.tax, 0)`,
  /**
   * The analytics rollups (ADR 048) differ from the payments and refunds they count: by the hour,
   * the day and the month (by channel and cashier), the day's totals, per payer by the day and by
   * the month.
   */
  analyticsHourlyNotMatching: rollupMismatches('analytics_hourly'),
  analyticsDailyNotMatching: rollupMismatches('analytics_daily'),
  analyticsMonthlyNotMatching: rollupMismatches('analytics_monthly'),
  analyticsDailyTotalsNotMatching: rollupMismatches('analytics_daily_totals'),
  analyticsPayersNotMatching: rollupMismatches('analytics_payers'),
  /** A paid order or a refund without the journal entry that moved its money. */
  ordersWithoutEntry: sql`
    select count(*) from (
      select o.transfer_id as entry_id from orders o where o.transfer_id is not null
      union all select r.id from refunds r) m
    left join journal_entries e on e.id = m.entry_id where e.id is null`,
  /**
   * A batch payee PAID without the journal entry that paid it, or a payout entry that no payee
   * owns (ADR 023): a payee is paid by exactly one entry, and an entry pays exactly one payee.
   */
  payoutsNotMatchingEntries: sql`
    select (select count(*) from batch_payees p left join journal_entries e on e.id = p.entry_id
            where p.status = 'PAID' and e.id is null)
         + (select count(*) from journal_entries e left join batch_payees p on p.entry_id = e.id
            where e.kind = 'BATCH_PAYOUT' and p.entry_id is null)
         + (select count(*) from (select entry_id from batch_payees where entry_id is not null
                                  group by entry_id having count(*) > 1) twice) as count`,
};

export type LedgerCheck = keyof typeof CHECKS;

export async function countLedgerViolations(db: Db): Promise<Record<LedgerCheck, number>> {
  const counts = {} as Record<LedgerCheck, number>;
  for (const [name, query] of Object.entries(CHECKS) as Array<[LedgerCheck, (typeof CHECKS)[LedgerCheck]]>) {
    const { rows } = await sql<{ count: string }>`${query}`.execute(db);
    counts[name] = Number(rows[0]!.count);
  }
  return counts;
}

export async function sumPostingsPerCurrency(db: Db): Promise<Record<string, bigint>> {
  const { rows } = await sql<{ currency: string; total: string }>`
    select currency, sum(amount)::text as total from postings group by currency`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.currency, BigInt(r.total)]));
}
