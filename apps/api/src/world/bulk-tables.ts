import { sql } from 'kysely';
import type { Db } from '../db/transaction.ts';
import { type FeeSchedule, orderFees, refundShares } from '../modules/orders/index.ts';

/**
 * The small lookup tables the bulk orders are drawn from, computed here in TypeScript with the
 * orders module's own fee rules, then joined set-based in SQL (one temp table each per chunk).
 */

export interface BulkPrice {
  amount: bigint;
  fee: bigint;
  tax: bigint;
  /** A partial refund of about 40 % (J$10 multiples) and its share of commission and GCT. */
  part: bigint;
  partFee: bigint;
  partTax: bigint;
  /** The refund of the rest after it, and its share. */
  restFee: bigint;
  restTax: bigint;
}

/** Café prices J$250–J$10,225 in J$25 steps, then catering orders up to ~J$50,000; ascending. */
export function bulkPrices(schedule: FeeSchedule): BulkPrice[] {
  const dollars = [
    ...Array.from({ length: 400 }, (_, i) => 250 + i * 25),
    ...Array.from({ length: 80 }, (_, i) => 10_500 + i * 500),
  ];
  return dollars.map((d) => {
    const amount = BigInt(d) * 100n;
    const { fee, tax } = orderFees(amount, schedule);
    const part = ((amount * 40n) / 100n / 1_000n) * 1_000n || 100n;
    const order = { amount, fee, tax, refunded: 0n, refundedFee: 0n, refundedTax: 0n };
    const first = refundShares(order, part);
    const rest = refundShares(
      { ...order, refunded: part, refundedFee: first.commission, refundedTax: first.gct },
      amount - part,
    );
    return {
      amount,
      fee,
      tax,
      part,
      partFee: first.commission,
      partTax: first.gct,
      restFee: rest.commission,
      restTax: rest.gct,
    };
  });
}

export interface BulkMerchant {
  merchantId: number;
  walletId: number;
  feesId: number;
  gctId: number;
  /** Who issues its refunds. */
  managerId: number;
}

/** Twenty slots each: a uniform draw of 0–19 picks a merchant, then one of its staff. */
export const SLOTS = 20;

export function spreadOverSlots<T>(weighted: Array<[T, number]>): T[] {
  const total = weighted.reduce((sum, [, w]) => sum + w, 0);
  const slots: T[] = [];
  let cumulative = 0;
  for (const [value, weight] of weighted) {
    cumulative += weight;
    while (slots.length < Math.round((cumulative / total) * SLOTS)) slots.push(value);
  }
  return slots;
}

/** Creates this chunk's lookup tables (dropped at commit). */
export async function createLookupTables(
  trx: Db,
  tables: {
    prices: BulkPrice[];
    merchantSlots: BulkMerchant[];
    staffSlots: Array<{ merchantId: number; slot: number; userId: number; cashierName: string | null }>;
    payers: Array<{ accountId: number; handle: string }>;
  },
): Promise<void> {
  const { prices, merchantSlots, staffSlots, payers } = tables;
  const big = (values: bigint[]) => values.map(String);
  await sql`
    create temp table bulk_prices on commit drop as
    select (i - 1)::int as i, amount, fee, tax, part, part_fee, part_tax, rest_fee, rest_tax
    from unnest(${big(prices.map((p) => p.amount))}::bigint[], ${big(prices.map((p) => p.fee))}::bigint[],
                ${big(prices.map((p) => p.tax))}::bigint[], ${big(prices.map((p) => p.part))}::bigint[],
                ${big(prices.map((p) => p.partFee))}::bigint[], ${big(prices.map((p) => p.partTax))}::bigint[],
                ${big(prices.map((p) => p.restFee))}::bigint[], ${big(prices.map((p) => p.restTax))}::bigint[])
      with ordinality as p(amount, fee, tax, part, part_fee, part_tax, rest_fee, rest_tax, i)`.execute(trx);
  await sql`
    create temp table bulk_merchants on commit drop as
    select (slot - 1)::int as slot, merchant_id, wallet_id, fees_id, gct_id, manager_id
    from unnest(${merchantSlots.map((m) => m.merchantId)}::int[], ${merchantSlots.map((m) => m.walletId)}::int[],
                ${merchantSlots.map((m) => m.feesId)}::int[], ${merchantSlots.map((m) => m.gctId)}::int[],
                ${merchantSlots.map((m) => m.managerId)}::int[])
      with ordinality as m(merchant_id, wallet_id, fees_id, gct_id, manager_id, slot)`.execute(trx);
  await sql`
    create temp table bulk_staff on commit drop as
    select * from unnest(${staffSlots.map((s) => s.merchantId)}::int[], ${staffSlots.map((s) => s.slot)}::int[],
                         ${staffSlots.map((s) => s.userId)}::int[], ${staffSlots.map((s) => s.cashierName)}::text[])
      as s(merchant_id, slot, user_id, cashier_name)`.execute(trx);
  await sql`
    create temp table bulk_payers on commit drop as
    select (i - 1)::int as i, account_id, handle
    from unnest(${payers.map((p) => p.accountId)}::int[], ${payers.map((p) => p.handle)}::text[])
      with ordinality as p(account_id, handle, i)`.execute(trx);
  await sql`analyze bulk_prices, bulk_merchants, bulk_staff, bulk_payers`.execute(trx);
}
