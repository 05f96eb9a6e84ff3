import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { Db } from '../db/transaction.ts';
import { hashPassword } from '../modules/identity/index.ts';
import { createLedger } from '../modules/ledger/index.ts';
import type { FeeSchedule } from '../modules/orders/index.ts';
import { bulkCustomerWallets, ensureBulkCashiers, ensureBulkCustomers } from './bulk-people.ts';
import { bulkPrices, createLookupTables, spreadOverSlots, SLOTS, type BulkMerchant } from './bulk-tables.ts';
import { BULK_ORDER_SQL, BULK_WRITE_SQL } from './bulk-sql.ts';
import { findBranchStaff } from './demo-orders.ts';
import { DEMO_BRANCHES, DEMO_PASSWORD, EMAIL_DOMAIN as DEMO_EMAIL_DOMAIN } from './demo-seed.ts';
import { realClock } from '../lib/clock.ts';

export interface BulkOptions {
  /** How many orders to add. */
  orders: number;
  /** Spread over this many days before `now` (three years by default). */
  days?: number;
  /** The end of the spread: real time by default (the seeder runs as a script, before any app). */
  now?: Date;
  /** Orders per transaction. */
  chunk?: number;
  feeSchedule?: FeeSchedule;
  requestTtlMs?: number;
  onProgress?: (done: number, total: number) => void;
}

export interface BulkResult {
  orders: number;
  seconds: number;
}

/** Most of the traffic is Kingston's (the branch the benchmarks read). */
const MERCHANT_WEIGHTS = [12, 5, 3];

/**
 * Adds `orders` realistic orders to the demo branches (seeded first), set-based: each chunk is one
 * transaction of a handful of `insert … select` statements over generated rows, never a round
 * trip per order. Paid orders and refunds get their journal entries and postings (the customer's
 * wallet → the branch's wallet, Lynk's commission and GCT; and back), and each customer is topped
 * up from the bank with what they spent in the chunk, so every balance stays the sum of its
 * postings and `ledger:verify` stays clean. The ledger's statement checks still run on every
 * insert: the chunk writes as the engine does (`lynk.ledger_writer`), in balanced entries.
 */
export async function bulkSeedOrders(db: Kysely<Database>, options: BulkOptions): Promise<BulkResult> {
  const started = performance.now();
  const defaults = loadConfig({}).orders;
  const days = options.days ?? 3 * 365;
  const now = options.now ?? realClock();
  const chunk = options.chunk ?? 100_000;
  const hash = await hashPassword(DEMO_PASSWORD);

  const branches = await findBranchStaff(db, DEMO_BRANCHES, DEMO_EMAIL_DOMAIN);
  await ensureBulkCustomers(db, hash);
  const payers = await bulkCustomerWallets(db);
  const cashiers = await ensureBulkCashiers(
    db,
    DEMO_BRANCHES.map((b, i) => ({ slug: b.slug, staff: branches[i]! })),
    DEMO_EMAIL_DOMAIN,
    hash,
  );
  const ledger = createLedger(db);
  const merchants: BulkMerchant[] = [];
  const staffSlots: Array<{ merchantId: number; slot: number; userId: number; cashierName: string | null }> =
    [];
  for (const branch of branches) {
    merchants.push({
      merchantId: branch.merchantId,
      walletId: branch.walletId,
      feesId: await ledger.internalAccount('fees', branch.merchantId),
      gctId: await ledger.internalAccount('gctPayable', branch.merchantId),
      managerId: branch.manager.userId,
    });
    // Most staff orders are the tills' (the demo cashier's the most), then the manager's, the admin's.
    type Taker = { userId: number; displayName: string; till: boolean };
    const takers = spreadOverSlots<Taker>([
      ...cashiers
        .get(branch.merchantId)!
        .map((c, k): [Taker, number] => [{ ...c, till: true }, k === 0 ? 6 : 2]),
      [{ ...branch.manager, till: false }, 5],
      [{ ...branch.admin, till: false }, 3],
    ]);
    takers.forEach((taker, slot) =>
      staffSlots.push({
        merchantId: branch.merchantId,
        slot,
        userId: taker.userId,
        cashierName: taker.till ? taker.displayName : null,
      }),
    );
  }
  const tables = {
    prices: bulkPrices(options.feeSchedule ?? defaults.feeSchedule),
    merchantSlots: spreadOverSlots(
      merchants.map((m, i): [BulkMerchant, number] => [m, MERCHANT_WEIGHTS[i] ?? 1]),
    ),
    staffSlots,
    payers,
  };
  const bankSettlement = await ledger.internalAccount('bankSettlement', null);
  const sequences = await sql<{ orders: string; entries: string }>`
    select pg_get_serial_sequence('orders', 'id') as orders,
           pg_get_serial_sequence('journal_entries', 'id') as entries`.execute(db);
  const { orders: orderSeq, entries: entrySeq } = sequences.rows[0]!;

  for (let done = 0; done < options.orders;) {
    const size = Math.min(chunk, options.orders - done);
    await db.transaction().execute(async (trx) => {
      // The ledger's tables take inserts from the engine's writer only (migration 0005).
      await sql`select set_config('lynk.ledger_writer', 'engine', true)`.execute(trx);
      await createLookupTables(trx, tables);
      await writeChunk(trx, {
        size,
        days,
        now,
        ttlMs: options.requestTtlMs ?? defaults.paymentRequestTtlMs,
        orderSeq: orderSeq!,
        entrySeq: entrySeq!,
        bankSettlement,
      });
    });
    done += size;
    options.onProgress?.(done, options.orders);
  }
  // Fresh statistics and visibility map: the listings plan (and index-only count) on real numbers.
  await sql`vacuum (analyze) orders`.execute(db);
  await sql`analyze refunds, journal_entries, postings, accounts`.execute(db);
  // The analytics rollups (ADR 048) were updated once per chunk: their dead rows go, as autovacuum
  // would take them on PostgreSQL (the embedded database has none).
  await sql`vacuum (analyze) analytics_hourly, analytics_daily, analytics_monthly, analytics_daily_totals,
    analytics_payers`.execute(db);
  return { orders: options.orders, seconds: (performance.now() - started) / 1000 };
}

async function writeChunk(
  trx: Db,
  p: {
    size: number;
    days: number;
    now: Date;
    ttlMs: number;
    orderSeq: string;
    entrySeq: string;
    bankSettlement: number;
  },
): Promise<void> {
  await sql`create temp table bulk_new on commit drop as ${BULK_ORDER_SQL({
    size: p.size,
    days: p.days,
    now: p.now,
    ttlSeconds: Math.round(p.ttlMs / 1000),
    slots: SLOTS,
    orderSeq: p.orderSeq,
    entrySeq: p.entrySeq,
  })}`.execute(trx);
  for (const statement of BULK_WRITE_SQL({ entrySeq: p.entrySeq, bankSettlement: p.bankSettlement })) {
    await statement.execute(trx);
  }
}
