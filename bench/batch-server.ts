/**
 * The server side of `npm run bench:batch`, a process of its own so its peak memory is the
 * server's alone: the app on the benchmark's database (BATCH_BENCH names it, the upload body's
 * file and the payee count). Uploads the file through the real route (`app.inject`, the body
 * streamed from disk), validates it with the validation job's handler, approves it, pays it with
 * the processing job's handler, downloads its CSV, verifies the ledger, and prints its figures as
 * one JSON line. Peak RSS (VmHWM) is reset before each phase where Linux allows it.
 */
import { createReadStream, readFileSync, writeFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/api/src/app.ts';
import { openDatabase } from '../apps/api/src/db/database.ts';
import { loadSecrets } from '../apps/api/src/lib/secrets.ts';
import { validateBatch } from '../apps/api/src/modules/batches/jobs.ts';
import { processBatch } from '../apps/api/src/modules/batches/processing.ts';
import { verifyLedger } from '../apps/api/src/modules/ledger/service.ts';
import { batchPaidFindings } from '../apps/api/src/test/batch-crash.ts';
import { approveBatch } from '../apps/api/src/test/batch-world.ts';
import { benchConfig, KINGSTON, kingstonCallers, kingstonWallet } from './batch-setup.ts';

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

const target = JSON.parse(process.env.BATCH_BENCH!) as BatchBenchTarget;
const config = benchConfig(target.dataDir, target.databaseUrl);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: target.dataDir });
const secrets = await loadSecrets('memory://');
const app = await buildApp({ config, database, secrets, jobs: false, logger: false });
await app.ready();
const callers = await kingstonCallers(database.db, config, secrets);
const wallet = await kingstonWallet(database.db);
const url = '/api/payment/batch-payments';

// Upload and validation.
const baseline = rss();
const resettable = resetPeak();
let started = performance.now();
const uploaded = await app.inject({
  method: 'POST',
  url,
  headers: {
    ...callers.manager,
    'content-type': 'application/json',
    'idempotency-key': `bench-${Date.now()}`,
  },
  payload: createReadStream(target.uploadFile),
});
const uploadSeconds = (performance.now() - started) / 1000;
if (uploaded.statusCode !== 201) throw new Error(`upload: ${uploaded.statusCode} ${uploaded.body}`);
const uploadPeak = peakRss();
const batchId = (uploaded.json() as { data: { id: number } }).data.id;
started = performance.now();
const validated = await validateBatch(database.db, batchId);
const validationSeconds = (performance.now() - started) / 1000;
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
started = performance.now();
const processed = await processBatch(
  { db: database.db, ledger: app.ledger, railStepSeconds: config.bankRailStepSeconds },
  batchId,
);
const processingSeconds = (performance.now() - started) / 1000;
const processingPeak = peakRss();

// The batch's CSV, as the portal downloads it.
const csvBaseline = rss();
resetPeak();
started = performance.now();
const csv = await app.inject({ method: 'GET', url: `${url}/${batchId}/csv`, headers: callers.manager });
const csvSeconds = (performance.now() - started) / 1000;
const csvPeak = peakRss();
if (csv.statusCode !== 200) throw new Error(`csv: ${csv.statusCode}`);
const csvBytes = csv.rawPayload.length;

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
      uploadPeak,
      validationSeconds,
      validationPeak,
      processed,
      processingBaseline,
      processingSeconds,
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
