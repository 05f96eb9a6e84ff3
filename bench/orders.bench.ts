/**
 * The orders list with a million orders, and pay-link payments through the ledger engine.
 *
 *   npm run bench:orders
 *
 * Uses the embedded database in BENCH_DATA_DIR (default: a folder in the system's temp dir, kept
 * between runs) or BENCH_DATABASE_URL, seeds the demo and tops it up to BENCH_ORDERS (1,000,000)
 * orders with the bulk seeder (`npm run seed`), then measures GET /api/payment/customer-transactions
 * through the real app (`app.inject`, a bearer token): p50/p99 of requests one after the other and
 * requests/s with BENCH_CONCURRENCY (16) in flight, for the first page, page 400, a one-month filter
 * and a cashier's own orders; and the same for a bare Fastify route, the anchor, in the same run.
 * Then BENCH_PAYMENTS (3,000) payment requests paid by 32 callers through the pay service, and the
 * ledger verification. BENCH_POSTGRES=1 runs it on a throwaway PostgreSQL server instead. Figures go
 * to docs/performance-log.md (embedded and PostgreSQL each between their own markers).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { format } from 'prettier';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/database.ts';
import { prepareDatabase } from '../apps/api/src/scripts/prepare.ts';
import { loadSecrets } from '../apps/api/src/lib/secrets.ts';
import { verifyLedger } from '../apps/api/src/modules/ledger/service.ts';
import {
  createDatabase,
  databaseUrl,
  startThrowawayPostgres,
  testDatabaseName,
} from '../apps/api/src/test/postgres-server.ts';
import { bulkSeedOrders } from '../apps/api/src/world/bulk-orders.ts';
import { measure, type LoadFigures } from './inject-load.ts';
import { payLinksConcurrently } from './orders-pay.ts';
import { KINGSTON, kingstonBearer } from './kingston-bearer.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const DATA_DIR = process.env.BENCH_DATA_DIR ?? path.join(tmpdir(), 'lynk-bench-orders');
const load = {
  requests: Number(process.env.BENCH_REQUESTS ?? 400),
  seconds: Number(process.env.BENCH_SECONDS ?? 5),
  concurrency: Number(process.env.BENCH_CONCURRENCY ?? 16),
};
const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 3_000);
const TARGET_P99_MS = 25;
const TARGET_SHARE = 0.25;

// BENCH_POSTGRES=1: a throwaway PostgreSQL server (durable settings), seeded from scratch.
const server = process.env.BENCH_POSTGRES
  ? await startThrowawayPostgres({ durable: true, maxConnections: 50 })
  : undefined;
let DATABASE_URL = process.env.BENCH_DATABASE_URL;
if (server) {
  const name = testDatabaseName('lynk_orders_bench');
  await createDatabase(server.serverUrl, name);
  DATABASE_URL = databaseUrl(server.serverUrl, name);
}
const config = loadConfig({
  DATA_DIR,
  ...(DATABASE_URL ? { DATABASE_URL } : {}),
  LOG_LEVEL: 'silent',
  RATE_LIMIT_PER_MINUTE: '100000000',
  // The listings are asked for with bearer tokens, which have their own limit.
  RATE_LIMIT_BEARER_PER_MINUTE: '100000000',
  // The benchmark signs in as the demo's users.
  DEMO: 'true',
});
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: DATA_DIR });
const where = config.databaseUrl ? 'PostgreSQL' : 'embedded';
await prepareDatabase(database.db, { demo: true, now: new Date() });
const orderCount = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from orders`.execute(database.db)).rows[0]!.n);
const existing = await orderCount();
let built = '';
if (existing < ORDERS) {
  console.log(
    `${existing} orders in ${where} database ${config.databaseUrl ? '' : DATA_DIR}; bulk seeding to ${ORDERS}`,
  );
  const result = await bulkSeedOrders(database.db, {
    orders: ORDERS - existing,
    onProgress: (done, total) => console.log(`  ${done} / ${total}`),
  });
  built = `built by the bulk seeder in ${result.seconds.toFixed(0)} s`;
  console.log(`loaded ${result.orders} orders in ${result.seconds.toFixed(1)} s`);
}
const total = await orderCount();
const kingston = Number(
  (
    await sql<{ n: string }>`select count(*) as n from orders where merchant_id = ${KINGSTON}`.execute(
      database.db,
    )
  ).rows[0]!.n,
);

const secrets = await loadSecrets('memory://');
const app = await buildApp({ config, database, secrets, jobs: false, logger: false });
await app.ready();

const staff = { db: database.db, config, secrets };
const manager = await kingstonBearer(staff, 'manager.kingston@bluemountain.example', 2);
const cashier = await kingstonBearer(staff, 'cashier.kingston@bluemountain.example', 3);
const owned = Number(
  (
    await sql<{ n: string }>`select count(*) as n from orders o join users u on u.id = o.created_by
      where o.merchant_id = ${KINGSTON} and u.email = 'cashier.kingston@bluemountain.example'`.execute(
      database.db,
    )
  ).rows[0]!.n,
);

// Last calendar month, as the date filter sends it.
const today = new Date();
const monthStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
const monthEnd = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 0));
const day = (d: Date) => d.toISOString().slice(0, 10);
const base = '/api/payment/customer-transactions';
const shapes = [
  { name: 'first page', url: `${base}?limit=25`, headers: manager },
  { name: 'page 400 (offset 10,000)', url: `${base}?limit=25&offset=10000`, headers: manager },
  {
    name: `one month (${day(monthStart)} – ${day(monthEnd)})`,
    url: `${base}?limit=25&from_utc=${day(monthStart)}&to_utc=${day(monthEnd)}`,
    headers: manager,
  },
  {
    name: `a cashier's own orders (${owned.toLocaleString('en-US')})`,
    url: `${base}?limit=25`,
    headers: cashier,
  },
];

const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ ok: true }));
await bare.ready();

const results: Array<{ name: string; figures: LoadFigures }> = [];
const describe = (name: string, f: LoadFigures) =>
  `${name}: p50 ${f.p50.toFixed(2)} ms, p99 ${f.p99.toFixed(2)} ms, ${f.perSecond} requests/s` +
  (f.anchorPerSecond
    ? ` (bare route alongside: ${f.anchorPerSecond}, share ${((100 * f.perSecond) / f.anchorPerSecond).toFixed(1)} %)`
    : '');
const anchorBefore = await measure(bare, { method: 'GET', url: '/bare' }, load);
console.log(describe('bare Fastify route', anchorBefore));
// Each shape twice: as a merchant's staff read it (the answer kept since nothing changed, ADR 032),
// then as if the merchant's orders changed before every request (each answer read from the database).
const anchor = { app: bare, request: { method: 'GET' as const, url: '/bare' } };
const changeEveryTime = {
  ...load,
  anchor,
  beforeEach: () => app.listingCache.changed(String(KINGSTON)),
};
for (const shape of shapes) {
  const request = { method: 'GET' as const, url: shape.url, headers: shape.headers };
  const kept = await measure(app, request, { ...load, anchor });
  results.push({ name: shape.name, figures: kept });
  console.log(describe(shape.name, kept));
  const read = await measure(app, request, changeEveryTime);
  results.push({ name: `${shape.name}, a change before each request`, figures: read });
  console.log(describe(`${shape.name}, a change before each request`, read));
}
const anchorAfter = await measure(bare, { method: 'GET', url: '/bare' }, load);
console.log(describe('bare Fastify route (after)', anchorAfter));

const payments = await payLinksConcurrently(app, database, {
  payments: PAYMENTS,
  callers: 32,
  customers: 64,
  merchantId: KINGSTON,
  feeSchedule: config.orders.feeSchedule,
});
console.log(describe(`pay-link payments (${payments.count}, 32 callers), per second`, payments));
await app.ledger.drain();
const verifyStart = performance.now();
const verification = await verifyLedger(database.db);
const verifySeconds = (performance.now() - verifyStart) / 1000;
console.log(`ledger verification: ${verification.ok ? 'sound' : 'FAILED'} in ${verifySeconds.toFixed(1)} s`);
if (!verification.ok)
  throw new Error(`ledger verification failed: ${JSON.stringify(verification.violations)}`);

const marker = config.databaseUrl ? 'orders-bench-postgres' : 'orders-bench';
const share = (f: LoadFigures) => f.perSecond / f.anchorPerSecond!;
const met = (f: LoadFigures) =>
  f.p99 <= TARGET_P99_MS && share(f) >= TARGET_SHARE
    ? 'yes'
    : [f.p99 > TARGET_P99_MS ? 'p99' : '', share(f) < TARGET_SHARE ? 'throughput' : '']
        .filter(Boolean)
        .join(', ') + ' missed';
const section = [
  `<!-- ${marker}:start -->`,
  `Orders (\`npm run bench:orders\`, ${new Date().toISOString().slice(0, 10)}): \`GET ${base}\` through the app (\`app.inject\`, bearer token), ${where} database holding ${total.toLocaleString('en-US')} orders (Kingston's, the branch read: ${kingston.toLocaleString('en-US')})${built ? `, ${built}` : ''}. After a one-second warm-up (the anchor too), p50/p99 of ${load.requests} requests one after the other; requests/s with ${load.concurrency} in flight for ${load.seconds} s; the event loop turns every 64 requests, as a server on a socket turns it for each. Anchor, in the same run: a bare Fastify route measured the same way, ${anchorBefore.perSecond} requests/s before the shapes and ${anchorAfter.perSecond} after (p50 ${anchorBefore.p50.toFixed(2)} ms, p99 ${anchorBefore.p99.toFixed(2)} ms); each shape's share is of the bare route measured in one-second slices alternating with the shape's own (${load.seconds} s each), so that the shared machine slowing down for a while slows both alike. Each shape is measured as staff read it, the answer kept while nothing of the merchant changed (ADR 032), and again with a change of the merchant announced before every request, so that each answer is read from the database. Targets: p99 ≤ ${TARGET_P99_MS} ms and ≥ ${TARGET_SHARE * 100} % of the bare route's requests/s.`,
  '',
  '| Orders list | p50 ms | p99 ms | Requests/s | Bare route requests/s | Share of bare route | Targets |',
  '| --- | --- | --- | --- | --- | --- | --- |',
  ...results.map(
    ({ name, figures: f }) =>
      `| ${name} | ${f.p50.toFixed(2)} | ${f.p99.toFixed(2)} | ${f.perSecond} | ${f.anchorPerSecond} | ${(100 * share(f)).toFixed(1)} % | ${met(f)} |`,
  ),
  '',
  `Pay-link payments through the pay service and the ledger engine: ${payments.count.toLocaleString('en-US')} payment requests paid by 32 concurrent callers (64 customers, one branch): ${payments.perSecond} payments/s, p50 ${payments.p50.toFixed(1)} ms, p99 ${payments.p99.toFixed(1)} ms; the ledger verified sound afterwards (${verifySeconds.toFixed(0)} s over the whole database).`,
  `<!-- ${marker}:end -->`,
].join('\n');
const file = new URL('../docs/performance-log.md', import.meta.url);
const doc = await readFile(file, 'utf8');
const marked = new RegExp(`<!-- ${marker}:start -->[\\s\\S]*<!-- ${marker}:end -->`);
const updated = marked.test(doc) ? doc.replace(marked, section) : `${doc.trimEnd()}\n\n${section}\n`;
await writeFile(file, await format(updated, { filepath: fileURLToPath(file) }));

await app.close();
await bare.close();
await database.close();
// An idle connection the throwaway server ends as it stops (57P01) is no failure of the benchmark.
process.on('uncaughtException', (error) => {
  if ((error as { code?: string }).code === '57P01') return;
  console.error(error);
  process.exit(1);
});
await server?.stop();
