/**
 * The analytics page's figures with a million orders over a year.
 *
 *   npm run bench:analytics
 *
 * Uses the embedded database in BENCH_DATA_DIR (default: a folder in the system's temp dir, kept
 * between runs) or BENCH_DATABASE_URL, seeds the demo and tops it up to BENCH_ORDERS (1,000,000)
 * orders spread over the last 365 days with the bulk seeder (`generate_series`, set-based; the
 * rollups are kept by their triggers as it inserts), then measures GET /api/payment/analytics
 * through the real app (`app.inject`, a bearer token): p50/p99 of BENCH_REQUESTS (400) requests one
 * after the other and requests/s with BENCH_CONCURRENCY (16) in flight, for today (by the hour),
 * the last 30 days and the last 365 days as the Kingston manager, and 30 days as a cashier; and a
 * bare Fastify route the same way, the anchor, in the same run. Then the ledger verification,
 * whose checks compare the rollups with the orders. BENCH_POSTGRES=1 runs it on a throwaway
 * PostgreSQL server instead. Figures go to docs/performance-log.md.
 */
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import { sql } from 'kysely';
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
import { writePerformanceSection } from './performance-doc.ts';
import { KINGSTON, kingstonBearer } from './kingston-bearer.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const DATA_DIR = process.env.BENCH_DATA_DIR ?? path.join(tmpdir(), 'lynk-bench-analytics');
const VERIFY = process.env.BENCH_VERIFY !== '0';
const load = {
  requests: Number(process.env.BENCH_REQUESTS ?? 400),
  seconds: Number(process.env.BENCH_SECONDS ?? 5),
  concurrency: Number(process.env.BENCH_CONCURRENCY ?? 16),
};
const TARGETS = { month: 25, year: 50 };

const server = process.env.BENCH_POSTGRES
  ? await startThrowawayPostgres({ durable: true, maxConnections: 50 })
  : undefined;
let DATABASE_URL = process.env.BENCH_DATABASE_URL;
if (server) {
  const name = testDatabaseName('lynk_analytics_bench');
  await createDatabase(server.serverUrl, name);
  DATABASE_URL = databaseUrl(server.serverUrl, name);
}
const config = loadConfig({
  DATA_DIR,
  ...(DATABASE_URL ? { DATABASE_URL } : {}),
  LOG_LEVEL: 'silent',
  RATE_LIMIT_PER_MINUTE: '100000000',
  RATE_LIMIT_BEARER_PER_MINUTE: '100000000',
  DEMO: 'true',
});
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: DATA_DIR });
const where = config.databaseUrl ? 'PostgreSQL' : 'embedded';
await prepareDatabase(database.db, { demo: true, now: new Date() });
const count = async (query: ReturnType<typeof sql<{ n: string }>>) =>
  Number((await query.execute(database.db)).rows[0]!.n);
const existing = await count(sql<{ n: string }>`select count(*) as n from orders`);
let built = '';
if (existing < ORDERS) {
  console.log(`${existing} orders in ${where} database; bulk seeding to ${ORDERS} over the last 365 days`);
  const result = await bulkSeedOrders(database.db, {
    orders: ORDERS - existing,
    days: 365,
    onProgress: (done, total) => console.log(`  ${done} / ${total}`),
  });
  built = `built by the bulk seeder in ${result.seconds.toFixed(0)} s (the rollups kept by their triggers as it inserted)`;
  console.log(`loaded ${result.orders} orders in ${result.seconds.toFixed(1)} s`);
}
const total = await count(sql<{ n: string }>`select count(*) as n from orders`);
const kingston = await count(
  sql<{
    n: string;
  }>`select count(*) as n from orders where merchant_id = ${KINGSTON} and paid_at is not null`,
);
const rollupRows = await count(
  sql<{ n: string }>`select (select count(*) from analytics_hourly) + (select count(*) from analytics_daily)
    + (select count(*) from analytics_monthly) + (select count(*) from analytics_daily_totals)
    + (select count(*) from analytics_payers) as n`,
);

const secrets = await loadSecrets('memory://');
const app = await buildApp({ config, database, secrets, jobs: false, logger: false });
await app.ready();

const staff = { db: database.db, config, secrets };
const manager = await kingstonBearer(staff, 'manager.kingston@bluemountain.example', 2);
const cashier = await kingstonBearer(staff, 'cashier.kingston@bluemountain.example', 3);

const jamaicaDay = (at: Date) => new Date(at.getTime() - 5 * 3600_000).toISOString().slice(0, 10);
const today = jamaicaDay(new Date());
const daysAgo = (n: number) => jamaicaDay(new Date(Date.now() - n * 86_400_000));
const url = (from: string) => `/api/payment/analytics?from=${from}&to=${today}`;
const shapes = [
  { name: 'today, by the hour', url: url(today), headers: manager, target: null },
  { name: '30 days', url: url(daysAgo(29)), headers: manager, target: TARGETS.month },
  { name: '365 days', url: url(daysAgo(364)), headers: manager, target: TARGETS.year },
  { name: "30 days, a cashier's own orders", url: url(daysAgo(29)), headers: cashier, target: TARGETS.month },
];

const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ ok: true }));
await bare.ready();
const anchor = { app: bare, request: { method: 'GET' as const, url: '/bare' } };

const describe = (name: string, f: LoadFigures) =>
  `${name}: p50 ${f.p50.toFixed(2)} ms, p99 ${f.p99.toFixed(2)} ms, ${f.perSecond} requests/s` +
  (f.anchorPerSecond ? ` (bare route alongside: ${f.anchorPerSecond} requests/s)` : '');
// The machine is shared: how busy it was says how far to trust a tail.
const loadBefore = loadavg()
  .map((n) => n.toFixed(2))
  .join(', ');
const anchorBefore = await measure(bare, { method: 'GET', url: '/bare' }, load);
console.log(describe('bare Fastify route', anchorBefore));
const results: Array<{ name: string; target: number | null; figures: LoadFigures }> = [];
for (const shape of shapes) {
  const figures = await measure(
    app,
    { method: 'GET', url: shape.url, headers: shape.headers },
    { ...load, anchor },
  );
  results.push({ name: shape.name, target: shape.target, figures });
  console.log(describe(shape.name, figures));
}
const anchorAfter = await measure(bare, { method: 'GET', url: '/bare' }, load);
const loadAfter = loadavg()
  .map((n) => n.toFixed(2))
  .join(', ');
console.log(`load average ${loadBefore} before, ${loadAfter} after`);
console.log(describe('bare Fastify route (after)', anchorAfter));

let verified = 'not run (BENCH_VERIFY=0)';
if (VERIFY) {
  const started = performance.now();
  const verification = await verifyLedger(database.db);
  const seconds = (performance.now() - started) / 1000;
  const rollups = Object.entries(verification.violations).filter(([check]) => check.startsWith('analytics'));
  verified = `${verification.ok ? 'sound' : 'FAILED'} in ${seconds.toFixed(0)} s, the rollups matching the orders, refunds and JAM-DEX payments (${rollups.map(([, n]) => n).join(', ')} rows off)`;
  console.log(`ledger verification: ${verified}`);
  if (!verification.ok)
    throw new Error(`ledger verification failed: ${JSON.stringify(verification.violations)}`);
}

const fmt = (n: number) => n.toLocaleString('en-US');
await writePerformanceSection(
  config.databaseUrl ? 'analytics-bench-postgres' : 'analytics-bench',
  [
    `Analytics (\`npm run bench:analytics\`, ${new Date().toISOString().slice(0, 10)}): \`GET /api/payment/analytics\` through the app (\`app.inject\`, bearer token), ${where} database holding ${fmt(total)} orders over the last 365 days (Kingston's paid ones, the branch read: ${fmt(kingston)})${built ? `, ${built}` : ''}; ${fmt(rollupRows)} rollup rows in all. Each answer is read from the rollups (nothing is kept between requests). After a one-second warm-up, p50/p99 of ${load.requests} requests one after the other; requests/s with ${load.concurrency} in flight for ${load.seconds} s, alternating one-second slices with the anchor. Anchor, in the same run: a bare Fastify route measured the same way, ${fmt(anchorBefore.perSecond)} requests/s before the shapes and ${fmt(anchorAfter.perSecond)} after (p50 ${anchorBefore.p50.toFixed(2)} ms, p99 ${anchorBefore.p99.toFixed(2)} ms; after: p99 ${anchorAfter.p99.toFixed(2)} ms). Load average ${loadBefore} before the measurements, ${loadAfter} after (2 CPUs; other work shares them). Targets: p99 ≤ ${TARGETS.month} ms for 30 days, ≤ ${TARGETS.year} ms for a year. Ledger verification afterwards: ${verified}.`,
    '',
    '| Period | p50 ms | p99 ms | Requests/s | Bare route requests/s | p99 target |',
    '| --- | --- | --- | --- | --- | --- |',
    ...results.map(
      ({ name, target, figures: f }) =>
        `| ${name} | ${f.p50.toFixed(2)} | ${f.p99.toFixed(2)} | ${fmt(f.perSecond)} | ${fmt(f.anchorPerSecond ?? 0)} | ${target === null ? '—' : `≤ ${target} ms: ${f.p99 <= target ? 'met' : '**missed**'}`} |`,
    ),
  ].join('\n'),
);

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
