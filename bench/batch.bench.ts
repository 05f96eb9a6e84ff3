/**
 * Batch payouts of BENCH_PAYEES (400,000) payees: a 20 MB payroll file through the real routes.
 *
 *   npm run bench:batch
 *
 * A fresh embedded database in a temporary folder (BENCH_POSTGRES=1: a throwaway PostgreSQL
 * server with durable settings), migrated and seeded with the demo; the payees loaded into the
 * payee directory set-based (wallet users with empty wallets, one statement); the upload's JSON
 * body (the file in base64) written to disk. Then a server process of its own (batch-server.ts)
 * uploads it through `POST /api/payment/batch-payments` (over a socket, the body streamed from the
 * file), validates it (rows/s), approves it from the Kingston main wallet, pays it with the
 * processing job's handler (payees/s), downloads its CSV, verifies the ledger, and checks every
 * payee was paid exactly once; its peak RSS is measured per phase. Figures go to
 * docs/performance-log.md (embedded and PostgreSQL each between their own markers).
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../apps/api/src/heap-budget.ts';
import { paidOnce, type BatchPaidFindings } from '../apps/api/src/test/batch-crash.ts';
import { batchFileLines, createBatchPayees } from '../apps/api/src/test/batch-world.ts';
import { openBenchDatabase, writePerformanceSection } from './batch-setup.ts';
import { KINGSTON } from './kingston-bearer.ts';
import type { BatchBenchTarget } from './batch-server.ts';

const PAYEES = Number(process.env.BENCH_PAYEES ?? 400_000);
/** Names padded so 400,000 rows make a file just under the 20 MB limit. */
const NAME_PAD = 29;
const TARGETS = { validationPerSecond: 20_000, processingPerSecond: 5_000, peakMB: 300 };

const dataDir = await mkdtemp(path.join(tmpdir(), 'lynk-bench-batch-'));
const bench = await openBenchDatabase(dataDir, 'lynk_batch_bench');
const { database, where } = bench;

let started = performance.now();
await createBatchPayees(database.db, 'bench', PAYEES);
const loadSeconds = (performance.now() - started) / 1000;
console.log(`${where}: ${PAYEES.toLocaleString('en-US')} payees loaded in ${loadSeconds.toFixed(1)} s`);
await database.close();

/** The upload's body, `{"merchant_id":…,"csv":"<base64>"}`, written as a stream (3-byte aligned). */
async function writeUploadBody(file: string) {
  const out = createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(`{"merchant_id":${KINGSTON},"name":"Bench payroll","file_name":"payroll.csv","csv":"`);
  let pending = Buffer.alloc(0);
  let lines: string[] = [];
  const flush = async (last: boolean) => {
    const bytes = Buffer.concat([pending, Buffer.from(lines.join(''))]);
    lines = [];
    const whole = last ? bytes.length : bytes.length - (bytes.length % 3);
    await write(bytes.subarray(0, whole).toString('base64'));
    pending = bytes.subarray(whole);
  };
  for (const line of batchFileLines('bench', PAYEES, NAME_PAD)) {
    lines.push(line);
    if (lines.length === 10_000) await flush(false);
  }
  await flush(true);
  await write('"}');
  out.end();
  await once(out, 'finish');
}
const uploadFile = path.join(dataDir, 'upload.json');
await writeUploadBody(uploadFile);

interface ServerFigures {
  batchId: number;
  payees: number;
  fileBytes: number;
  bodyBytes: number;
  resettable: boolean;
  baseline: number;
  uploadSeconds: number;
  uploadGcSeconds: number;
  uploadPeak: number;
  validationSeconds: number;
  validationGcSeconds: number;
  validationPeak: number;
  processed: string;
  processingBaseline: number;
  processingSeconds: number;
  processingGcSeconds: number;
  processingPeak: number;
  csvBaseline: number;
  csvSeconds: number;
  csvPeak: number;
  csvBytes: number;
  verifySeconds: number;
  ledgerSound: boolean;
  findings: BatchPaidFindings;
}

started = performance.now();
const serverScript = fileURLToPath(new URL('./batch-server.ts', import.meta.url));
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverScript], {
  env: {
    ...process.env,
    BATCH_BENCH: JSON.stringify({
      dataDir,
      databaseUrl: bench.databaseUrl,
      uploadFile,
      payees: PAYEES,
    } satisfies BatchBenchTarget),
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let output = '';
server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
const [code] = (await once(server, 'exit')) as [number | null];
if (code !== 0) throw new Error(`the server process ended ${code}`);
const f = JSON.parse(output.trim().split('\n').at(-1)!) as ServerFigures;
const endToEnd = (performance.now() - started) / 1000;

const mib = (bytes: number) => bytes / 1024 / 1024;
const perSecond = (n: number, seconds: number) => Math.round(n / seconds);
const validationRate = perSecond(f.payees, f.validationSeconds);
const processingRate = perSecond(f.payees, f.processingSeconds);
const uploadPeak = Math.max(f.uploadPeak, f.validationPeak);
const json = (value: unknown) =>
  JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v));
const paid = json(f.findings) === json(paidOnce(f.findings));
const fmt = (n: number) => n.toLocaleString('en-US');
const met = (ok: boolean) => (ok ? 'met' : '**missed**');
/** The target is in MB (10⁶ bytes); the figures are shown in MiB. */
const underPeak = (bytes: number) => bytes < TARGETS.peakMB * 1e6;
const time = (seconds: number, gc: number) => `${seconds.toFixed(1)} s (GC ${gc.toFixed(1)} s)`;

console.log(`file: ${fmt(f.fileBytes)} bytes (${fmt(f.bodyBytes)} of JSON body), ${fmt(f.payees)} payees`);
console.log(
  `upload: ${time(f.uploadSeconds, f.uploadGcSeconds)}; peak RSS ${mib(f.uploadPeak).toFixed(0)} MiB (from ${mib(f.baseline).toFixed(0)})`,
);
console.log(
  `validation: ${time(f.validationSeconds, f.validationGcSeconds)}, ${fmt(validationRate)} rows/s; peak RSS ${mib(f.validationPeak).toFixed(0)} MiB`,
);
console.log(
  `processing: ${time(f.processingSeconds, f.processingGcSeconds)}, ${fmt(processingRate)} payees/s, ${f.processed}; peak RSS ${mib(f.processingPeak).toFixed(0)} MiB (from ${mib(f.processingBaseline).toFixed(0)})`,
);
console.log(
  `CSV download: ${f.csvSeconds.toFixed(1)} s, ${fmt(f.csvBytes)} bytes; peak RSS ${mib(f.csvPeak).toFixed(0)} MiB (from ${mib(f.csvBaseline).toFixed(0)})`,
);
console.log(
  `ledger verification: ${f.ledgerSound ? 'sound' : 'FAILED'} in ${f.verifySeconds.toFixed(1)} s; every payee paid exactly once: ${paid}`,
);
console.log(`server process, end to end: ${endToEnd.toFixed(0)} s`);
if (!f.ledgerSound || !paid) console.log(json(f.findings));

const peakNote = f.resettable
  ? 'peak RSS (VmHWM) of the server process, reset at the start of each phase'
  : 'peak RSS of the server process since its start (the phases could not be measured apart)';
await writePerformanceSection(
  bench.databaseUrl ? 'batch-bench-postgres' : 'batch-bench',
  [
    `Batch payouts (\`npm run bench:batch\`${bench.databaseUrl ? ' with BENCH_POSTGRES=1' : ''}, ${new Date().toISOString().slice(0, 10)}), ${where} database${bench.databaseUrl ? ' (durable settings)' : ''}: ${fmt(f.payees)} payees loaded into the payee directory set-based in ${loadSeconds.toFixed(1)} s; a ${mib(f.fileBytes).toFixed(1)} MiB payroll file (${mib(f.bodyBytes).toFixed(1)} MiB of JSON body in base64) uploaded through \`POST /api/payment/batch-payments\` (over a socket, the body streamed from disk), validated by the validation job's handler, approved from the Kingston main wallet and paid by the processing job's handler, in a server process of its own started with the server's heap budget (\`${SERVER_NODE_FLAGS.join(' ')}\`, ADR 031); ${peakNote}. Targets (issue 11, on PostgreSQL): validation ≥ ${fmt(TARGETS.validationPerSecond)} rows/s, processing ≥ ${fmt(TARGETS.processingPerSecond)} payees/s, peak RSS < ${TARGETS.peakMB} MB.`,
    '',
    '| Phase | Time | Rate | Peak RSS (RSS at its start) | Target |',
    '| --- | --- | --- | --- | --- |',
    `| upload (parse, checks, store) | ${time(f.uploadSeconds, f.uploadGcSeconds)} | ${(mib(f.fileBytes) / f.uploadSeconds).toFixed(1)} MiB/s | ${mib(f.uploadPeak).toFixed(0)} MiB (${mib(f.baseline).toFixed(0)}) | ${met(underPeak(f.uploadPeak))} |`,
    `| validation | ${time(f.validationSeconds, f.validationGcSeconds)} | ${fmt(validationRate)} rows/s | ${mib(f.validationPeak).toFixed(0)} MiB (after the upload) | ${met(validationRate >= TARGETS.validationPerSecond && underPeak(uploadPeak))} |`,
    `| processing | ${time(f.processingSeconds, f.processingGcSeconds)} | ${fmt(processingRate)} payees/s | ${mib(f.processingPeak).toFixed(0)} MiB (${mib(f.processingBaseline).toFixed(0)}) | ${met(processingRate >= TARGETS.processingPerSecond && underPeak(f.processingPeak))} |`,
    `| CSV download (\`GET …/{id}/csv\`, ${mib(f.csvBytes).toFixed(1)} MiB answer) | ${f.csvSeconds.toFixed(1)} s | | ${mib(f.csvPeak).toFixed(0)} MiB (${mib(f.csvBaseline).toFixed(0)}) | ${met(underPeak(f.csvPeak))} |`,
    '',
    `The batch ended ${f.findings.status}: ${fmt(f.findings.paidCount)} payees PAID with as many journal entries, the wallet down by exactly the total, the ledger verified ${f.ledgerSound ? 'sound' : '**FAILED**'} (${f.verifySeconds.toFixed(0)} s); the server process ran ${endToEnd.toFixed(0)} s from start to exit.`,
  ].join('\n'),
);

await rm(dataDir, { recursive: true, force: true });
await bench.stopServer();
if (!f.ledgerSound || !paid) process.exitCode = 1;
