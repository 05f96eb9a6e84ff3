/**
 * The server side of `npm run bench:batch`, a process of its own so its peak memory is the
 * server's alone: the app on the benchmark's database (BATCH_BENCH names it, the upload body's
 * file and the payee count). Uploads the file through the real route (over a socket, the body
 * streamed from disk), validates it with the validation job's handler, approves it, pays it with
 * the processing job's handler, downloads its CSV, verifies the ledger, and prints its figures as
 * one JSON line. Peak RSS (VmHWM) is reset before each phase where Linux allows it.
 */
import { createReadStream, readFileSync, writeFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { performance, PerformanceObserver } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { buildApp } from '../apps/api/src/app.ts';
import { openDatabase } from '../apps/api/src/db/database.ts';
import { loadSecrets } from '../apps/api/src/lib/secrets.ts';
import { validateBatch } from '../apps/api/src/modules/batches/jobs.ts';
import { processBatch } from '../apps/api/src/modules/batches/processing.ts';
import { verifyLedger } from '../apps/api/src/modules/ledger/service.ts';
import { batchPaidFindings } from '../apps/api/src/test/batch-crash.ts';
import { approveBatch } from '../apps/api/src/test/batch-world.ts';
import { benchConfig, kingstonCallers, kingstonWallet } from './batch-setup.ts';
import { KINGSTON } from './kingston-bearer.ts';

export interface BatchBenchTarget {
  dataDir: string;
  databaseUrl: string | undefined;
  uploadFile: string;
  payees: number;
}

/** Peak resident memory since the last reset, in bytes. */
function peakRss(): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    if (match) return Number(match[1]) * 1024;
  } catch {
    // Not Linux: the process's peak so far.
  }
  return process.resourceUsage().maxRSS * 1024;
}
/** Starts a phase's peak from the memory in use now (Linux 4.0+); false where that cannot be done. */
function resetPeak(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}
const rss = () => process.memoryUsage().rss;

/** Time spent collecting garbage so far, in seconds: a heap budget too tight shows here first. */
let gcMilliseconds = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcMilliseconds += entry.duration;
}).observe({ entryTypes: ['gc'] });
const gcSeconds = () => gcMilliseconds / 1000;

const target = JSON.parse(process.env.BATCH_BENCH!) as BatchBenchTarget;
const config = benchConfig(target.dataDir, target.databaseUrl);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: target.dataDir });
const secrets = await loadSecrets('memory://');
const app = await buildApp({ config, database, secrets, jobs: false, logger: false });
await app.ready();
const callers = await kingstonCallers(database.db, config, secrets);
const wallet = await kingstonWallet(database.db);
const url = '/api/payment/batch-payments';

// Upload and validation. The body is sent and the CSV read over a socket, a piece at a time, so
// the figures are the server's memory and not copies held by the benchmark.
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const baseline = rss();
const resettable = resetPeak();
let gcAt = gcSeconds();
let started = performance.now();
const uploaded = await fetch(`${address}${url}`, {
  method: 'POST',
  headers: {
    ...callers.manager,
    'content-type': 'application/json',
    'idempotency-key': `bench-${Date.now()}`,
  },
  body: Readable.toWeb(createReadStream(target.uploadFile)) as ReadableStream<Uint8Array>,
  duplex: 'half',
});
const uploadSeconds = (performance.now() - started) / 1000;
const uploadGcSeconds = gcSeconds() - gcAt;
if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
const uploadPeak = peakRss();
const batchId = ((await uploaded.json()) as { data: { id: number } }).data.id;
gcAt = gcSeconds();
started = performance.now();
const validated = await validateBatch(database.db, batchId, new Date());
const validationSeconds = (performance.now() - started) / 1000;
const validationGcSeconds = gcSeconds() - gcAt;
if (validated !== 'VALIDATED') throw new Error(`validation ended ${validated}`);
const validationPeak = peakRss();

const approved = await approveBatch(app, database.db, callers, {
  merchantId: KINGSTON,
  walletId: wallet,
  batchId,
});
const balanceBefore = BigInt(
  (
    await database.db
      .selectFrom('accounts')
      .select('balance')
      .where('id', '=', wallet)
      .executeTakeFirstOrThrow()
  ).balance,
);

// Processing.
const processingBaseline = rss();
resetPeak();
gcAt = gcSeconds();
started = performance.now();
const processed = await processBatch(
  { db: database.db, ledger: app.ledger, railStepSeconds: config.bankRailStepSeconds, now: () => new Date() },
  batchId,
);
const processingSeconds = (performance.now() - started) / 1000;
const processingGcSeconds = gcSeconds() - gcAt;
const processingPeak = peakRss();

// The batch's CSV, as the portal downloads it, read and let go as it arrives.
const csvBaseline = rss();
resetPeak();
started = performance.now();
const csv = await fetch(`${address}${url}/${batchId}/csv`, {
  headers: { ...callers.manager, 'accept-encoding': 'identity' },
});
if (csv.status !== 200) throw new Error(`csv: ${csv.status}`);
let csvBytes = 0;
for await (const chunk of csv.body!) csvBytes += (chunk as Uint8Array).length;
const csvSeconds = (performance.now() - started) / 1000;
const csvPeak = peakRss();

started = performance.now();
const verification = await verifyLedger(database.db);
const verifySeconds = (performance.now() - started) / 1000;
const findings = await batchPaidFindings(database.db, batchId, { id: wallet, balanceBefore });

await app.close();
await database.close();
process.stdout.write(
  `${JSON.stringify(
    {
      batchId,
      payees: approved.payees,
      fileBytes: Math.floor(((await stat(target.uploadFile)).size * 3) / 4),
      bodyBytes: (await stat(target.uploadFile)).size,
      resettable,
      baseline,
      uploadSeconds,
      uploadGcSeconds,
      uploadPeak,
      validationSeconds,
      validationGcSeconds,
      validationPeak,
      processed,
      processingBaseline,
      processingSeconds,
      processingGcSeconds,
      processingPeak,
      csvBaseline,
      csvSeconds,
      csvPeak,
      csvBytes,
      verifySeconds,
      ledgerSound: verification.ok,
      findings,
    },
    (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value),
  )}\n`,
);
