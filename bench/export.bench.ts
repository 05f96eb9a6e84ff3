/**
 * "Export all" of a year's orders… or all of them: the background job's rows/s and the server's
 * peak memory while it writes, on the bulk-seeded database.
 *
 *   npm run bench:export
 *
 * Starts `apps/api/src/server.ts` as `npm start` does (it runs the jobs: ROLE all) on a fresh
 * embedded database in a temporary folder, with the demo and BENCH_ORDERS (1,000,000) bulk orders
 * from the seeder (`npm run seed`), over three years, most of them Kingston's. Signs in as the
 * Kingston manager, starts an "Export all" of the orders (BENCH_RANGE=year: the last 365 days;
 * otherwise every date), follows it in Last Reports until it is ready, then downloads the file
 * (gzip as stored, inflated here to count its lines). Measures the rows, rows/s, the time from the
 * request to READY, the server's peak RSS while the job ran (VmHWM reset just before it, where
 * Linux allows; otherwise sampled every 50 ms) and its RSS before, and the download. A bare
 * Fastify route has no counterpart here (a background job is no request), so none is measured.
 * BENCH_POSTGRES=1: on a throwaway PostgreSQL server instead (the server process then holds no
 * database of its own in its memory). Figures go to docs/performance-log.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { writePerformanceSection } from './performance-doc.ts';
import { realServer, signIn, startNode } from './real-server.ts';
import {
  createDatabase,
  databaseUrl,
  startThrowawayPostgres,
  testDatabaseName,
} from '../apps/api/src/test/postgres-server.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const YEAR = process.env.BENCH_RANGE === 'year';
const WRITE = process.env.BENCH_WRITE !== '0';
const MANAGER = 'manager.kingston@bluemountain.example';
const TARGETS = { seconds: 60, rows: 1_000_000, peakMB: 250 };

function status(pid: number, field: 'VmRSS' | 'VmHWM'): number | undefined {
  try {
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Starts the process's peak (VmHWM) from what it uses now; false where Linux does not allow it. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

const jamaicaDay = (at: Date) => new Date(at.getTime() - 5 * 3600_000).toISOString().slice(0, 10);

const server = await realServer();
const postgres = process.env.BENCH_POSTGRES
  ? await startThrowawayPostgres({ durable: true, maxConnections: 50 })
  : undefined;
if (postgres) {
  const name = testDatabaseName('lynk_export_bench');
  await createDatabase(postgres.serverUrl, name);
  (server.env as Record<string, string>).DATABASE_URL = databaseUrl(postgres.serverUrl, name);
}
const where = postgres ? 'PostgreSQL' : 'embedded';
console.log(`seeding ${ORDERS.toLocaleString('en-US')} orders…`);
let started = performance.now();
const seed = startNode(
  ['apps/api/src/scripts/seed.ts', '--orders', String(ORDERS), '--no-verify'],
  server.env,
);
await new Promise((resolve, reject) =>
  seed.on('exit', (code) => (code === 0 ? resolve(null) : reject(new Error(`seed exited ${code}`)))),
);
console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);

try {
  await server.start();
  const pid = server.pid()!;
  const cookie = await signIn(server.baseUrl, MANAGER);
  const headers = { cookie: `${cookie.name}=${cookie.value}`, 'x-lynk-csrf': '1' };
  const today = jamaicaDay(new Date());
  const body = YEAR
    ? { source: 'orders', start: jamaicaDay(new Date(Date.now() - 364 * 86_400_000)), end: today }
    : { source: 'orders' };

  const rssBefore = status(pid, 'VmRSS') ?? 0;
  const resettable = resetPeak(pid);
  let sampledPeak = rssBefore;
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, status(pid, 'VmRSS') ?? 0);
  }, 50);

  started = performance.now();
  const response = await fetch(`${server.baseUrl}/api/reporting/v2/exports/all`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 202)
    throw new Error(`export answered ${response.status}: ${await response.text()}`);
  const { result } = (await response.json()) as { result: { id: string } };
  let file: { status: string; rows_done: number; file_name: string } | undefined;
  let polls = 0;
  for (;;) {
    const last = await fetch(`${server.baseUrl}/api/reporting/v2/transfers/exports`, { headers });
    const listed = (await last.json()) as {
      exports?: { id: string; status: string; rows_done: number; file_name: string }[];
    };
    file = listed.exports?.find((one) => one.id === result.id);
    polls += 1;
    if (file?.status === 'READY' || file?.status === 'FAILED') break;
    if (polls % 20 === 0) console.log(`  ${file?.status} ${file?.rows_done.toLocaleString('en-US')} rows`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const peak = resettable ? (status(pid, 'VmHWM') ?? sampledPeak) : sampledPeak;
  if (file.status !== 'READY') throw new Error('the export failed');

  started = performance.now();
  const download = await fetch(`${server.baseUrl}/api/reporting/v2/exports/all/${result.id}/csv`, {
    headers: { ...headers, 'accept-encoding': 'gzip' },
  });
  // fetch inflates a gzip-encoded answer itself: count its lines as they come.
  let lines = 0;
  let bytes = 0;
  for await (const chunk of Readable.fromWeb(download.body as never)) {
    const buffer = chunk as Buffer;
    bytes += buffer.length;
    for (let i = buffer.indexOf(10); i !== -1; i = buffer.indexOf(10, i + 1)) lines += 1;
  }
  const downloadSeconds = (performance.now() - started) / 1000;

  const rows = file.rows_done;
  const rate = Math.round(rows / seconds);
  const mib = (n: number) => (n / 1024 / 1024).toFixed(0);
  const fmt = (n: number) => n.toLocaleString('en-US');
  const forTarget = TARGETS.rows / rate;
  const met = (ok: boolean) => (ok ? 'met' : '**missed**');
  console.log(
    `rows: ${fmt(rows)} in ${seconds.toFixed(1)} s, ${fmt(rate)} rows/s (1M rows at this rate: ${forTarget.toFixed(0)} s)`,
  );
  console.log(
    `server RSS ${mib(rssBefore)} MiB before, peak ${mib(peak)} MiB while it ran (${resettable ? 'VmHWM' : 'sampled'})`,
  );
  console.log(`download: ${fmt(bytes)} bytes of CSV, ${fmt(lines)} lines in ${downloadSeconds.toFixed(1)} s`);
  if (lines !== rows + 1) throw new Error(`the file has ${lines} lines for ${rows} rows and its header`);

  if (WRITE) {
    await writePerformanceSection(
      postgres ? 'export-bench-postgres' : 'export-bench',
      [
        `"Export all" (\`npm run bench:export\`, ${new Date().toISOString().slice(0, 10)}): the real server (\`apps/api/src/server.ts\`, ROLE all, ${where} database) with the demo and ${fmt(ORDERS)} bulk orders from the seeder; the Kingston manager's export of ${YEAR ? 'the last 365 days of' : 'all'} their orders, from the request to READY in Last Reports (polled every 250 ms), pages of 10,000 rows read by keyset, written with csv-stringify and gzipped into the database; the server's peak RSS while it ran (${resettable ? 'VmHWM reset just before the request' : 'VmRSS sampled every 50 ms'}). A background job has no bare-route counterpart. Targets: 1M rows in ≤ ${TARGETS.seconds} s, RSS < ${TARGETS.peakMB} MB.`,
        '',
        '| Rows | Time to READY | Rows/s | 1M rows at this rate | Server RSS before → peak | Download (CSV, lines) | Target |',
        '| --- | --- | --- | --- | --- | --- | --- |',
        `| ${fmt(rows)} | ${seconds.toFixed(1)} s | ${fmt(rate)} | ${forTarget.toFixed(0)} s | ${mib(rssBefore)} → ${mib(peak)} MiB | ${(bytes / 1e6).toFixed(0)} MB, ${fmt(lines)} lines in ${downloadSeconds.toFixed(1)} s | ${met(forTarget <= TARGETS.seconds && peak < TARGETS.peakMB * 1e6)} |`,
      ].join('\n'),
    );
  }
} finally {
  await server.stop();
  await postgres?.stop();
}
