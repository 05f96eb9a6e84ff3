/**
 * `npm run seed -- --orders 1000000`: bulk demo traffic. Seeds the demo (if it is not there yet),
 * then adds realistic orders until the configured database (DATABASE_URL, else the embedded one
 * in DATA_DIR — stop the server first) holds that many, set-based in chunks, over three years,
 * with their payments and refunds in the ledger; then verifies the ledger (`--no-verify` skips it).
 * Running it again with the same number adds nothing.
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { prepareDatabase } from './prepare.ts';
import { realClock } from '../lib/clock.ts';
import { verifyLedger } from '../modules/ledger/index.ts';
import { bulkSeedOrders } from '../world/bulk-orders.ts';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    chunk: { type: 'string', default: '100000' },
    'no-verify': { type: 'boolean', default: false },
  },
});
const count = (text: string) => {
  const n = Number(text.replaceAll('_', '').replaceAll(',', ''));
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`Not a number of orders: ${text}`);
  return n;
};
const target = count(values.orders);
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

const config = loadConfig(process.env);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const { db } = database;
  const now = realClock();
  await prepareDatabase(db, { demo: true, now });
  const { rows } = await sql<{ n: string }>`select count(*) as n from orders`.execute(db);
  const missing = Math.max(0, target - Number(rows[0]!.n));
  console.log(`${rows[0]!.n} orders in the database; adding ${missing} to reach ${target}`);
  if (missing > 0) {
    const started = performance.now();
    const result = await bulkSeedOrders(db, {
      orders: missing,
      now,
      chunk: count(values.chunk),
      feeSchedule: config.orders.feeSchedule,
      requestTtlMs: config.orders.paymentRequestTtlMs,
      onProgress: (done, total) => console.log(`  ${done} / ${total} orders (${seconds(started)} s)`),
    });
    console.log(`added ${result.orders} orders in ${result.seconds.toFixed(1)} s`);
  }
  if (!values['no-verify']) {
    const started = performance.now();
    const { ok, violations } = await verifyLedger(db);
    const broken = Object.entries(violations).filter(([, n]) => n > 0);
    console.log(
      ok
        ? `ledger verified in ${seconds(started)} s: sound`
        : `ledger verification FAILED: ${JSON.stringify(Object.fromEntries(broken))}`,
    );
    process.exitCode = ok ? 0 : 1;
  }
} finally {
  await database.close();
}
