/**
 * The batch crash script (issue 11): a server paying an approved batch of CRASH_PAYEES (10,000)
 * payees is killed with SIGKILL CRASH_KILLS (20) times, each at a random count of payees paid in
 * its run, and started again each time; a last server finishes the batch. Then every payee must
 * be paid exactly once (one journal entry each, each wallet holding exactly its amount), the batch
 * COMPLETED with one notification, the paying wallet down by exactly the batch's total, the weekly
 * limit counted once, and `ledger:verify` clean.
 *
 *   npm run crash:batch
 *
 * Embedded: a fresh database in a temporary folder on disk (an in-memory one would die with the
 * server). BENCH_POSTGRES=1: a throwaway PostgreSQL server with durable settings. The servers
 * are the real app with its jobs (`apps/api/src/test/batch-crash-child.ts`): at start the
 * processing resumes the batch as after any crash. Figures go to docs/performance-log.md.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/api/src/app.ts';
import { openDatabase } from '../apps/api/src/db/database.ts';
import { loadSecrets } from '../apps/api/src/lib/secrets.ts';
import {
  batchPaidFindings,
  killWhilePaying,
  paidOnce,
  type BatchCrashTarget,
} from '../apps/api/src/test/batch-crash.ts';
import { approvedBatch, batchFile, createBatchPayees } from '../apps/api/src/test/batch-world.ts';
import {
  kingstonCallers,
  kingstonWallet,
  openBenchDatabase,
  writePerformanceSection,
} from './batch-setup.ts';
import { KINGSTON } from './kingston-bearer.ts';

const PAYEES = Number(process.env.CRASH_PAYEES ?? 10_000);
const KILLS = Number(process.env.CRASH_KILLS ?? 20);

const dataDir = await mkdtemp(path.join(tmpdir(), 'lynk-crash-batch-'));
const bench = await openBenchDatabase(dataDir, 'lynk_crash_batch');
const { database, where } = bench;
const secrets = await loadSecrets('memory://');
const app = await buildApp({ config: bench.config, database, secrets, jobs: false, logger: false });
await app.ready();
const wallet = await kingstonWallet(database.db);
await createBatchPayees(database.db, 'crash', PAYEES);
const batch = await approvedBatch(
  app,
  database.db,
  await kingstonCallers(database.db, bench.config, secrets),
  {
    merchantId: KINGSTON,
    walletId: wallet,
    file: batchFile('crash', PAYEES),
    name: 'Crash payroll',
  },
);
const balanceBefore = BigInt(
  (
    await database.db
      .selectFrom('accounts')
      .select('balance')
      .where('id', '=', wallet)
      .executeTakeFirstOrThrow()
  ).balance,
);
await app.close();
// The embedded database has one user at a time: the servers open it next.
await database.close();
console.log(`${where}: batch ${batch.batchId} of ${batch.payees} payees approved; ${KILLS} kills to come`);

const target: BatchCrashTarget = bench.databaseUrl
  ? { databaseUrl: bench.databaseUrl, batchId: batch.batchId }
  : { dataDir, batchId: batch.batchId };
const started = performance.now();
const runs = await killWhilePaying(target, {
  kills: KILLS,
  payees: PAYEES,
  onRun: (run, i) =>
    console.log(
      `  server ${i + 1}: ${run.paidAtStart} → ${run.paidLastSeen} payees PAID, ${run.ended} after ${run.seconds.toFixed(1)} s`,
    ),
});
const seconds = (performance.now() - started) / 1000;

const reopened = await openDatabase({ databaseUrl: bench.databaseUrl, dataDir });
const findings = await batchPaidFindings(reopened.db, batch.batchId, { id: wallet, balanceBefore });
await reopened.close();
// `npm run ledger:verify` itself, on the same database.
const verify = await promisify(execFile)(
  process.execPath,
  [fileURLToPath(new URL('../apps/api/src/scripts/ledger-verify.ts', import.meta.url))],
  {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      ...(bench.databaseUrl ? { DATABASE_URL: bench.databaseUrl } : {}),
    },
  },
).then(
  (done) => ({ ok: true, output: done.stdout }),
  (error: { stdout?: string }) => ({ ok: false, output: error.stdout ?? String(error) }),
);

const json = (value: unknown) =>
  JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v));
const expected = paidOnce(findings);
const wrong = Object.keys(expected).filter(
  (k) => json(findings[k as keyof typeof findings]) !== json(expected[k as keyof typeof expected]),
);
const killed = runs.filter((run) => run.ended === 'killed');
const fmt = (n: number) => n.toLocaleString('en-US');
console.log(json(findings));
console.log(verify.output.trim());
const passed = wrong.length === 0 && verify.ok && killed.length === KILLS && findings.payeeCount === PAYEES;
console.log(
  passed
    ? `PASSED: ${KILLS} kills, every payee paid exactly once, ledger verified (${seconds.toFixed(0)} s)`
    : `FAILED: ${wrong.join(', ') || (verify.ok ? `${killed.length} of ${KILLS} kills` : 'ledger:verify')}`,
);

const restarts = runs.map((run) => run.seconds);
const perRun = killed.map((run) => run.paidLastSeen - run.paidAtStart);
await writePerformanceSection(
  bench.databaseUrl ? 'batch-crash-postgres' : 'batch-crash',
  [
    `Batch crash script (\`npm run crash:batch\`${bench.databaseUrl ? ' with BENCH_POSTGRES=1' : ''}, ${new Date().toISOString().slice(0, 10)}), ${where} database${bench.databaseUrl ? ' (durable settings)' : ' on disk'}: a batch of ${fmt(PAYEES)} payees approved, the real server paying it killed with SIGKILL ${killed.length} times at random counts of payees paid (${Math.min(...perRun)} to ${Math.max(...perRun)} per run; some right after start) and started again each time, ${runs.length} servers in all (${Math.min(...restarts).toFixed(1)}–${Math.max(...restarts).toFixed(1)} s each, start-up included; ${seconds.toFixed(0)} s in all). ${passed ? 'Passed' : `**Failed** (${wrong.join(', ') || 'ledger:verify'})`}: ${fmt(findings.paidCount)} payees PAID with ${fmt(findings.entries)} journal entries (${findings.sharedEntries} shared, ${findings.strayEntries} without a payee, ${findings.payeesWrongBalance} payee wallets off their amount), the batch ${findings.status} with ${findings.outcomeNotifications} notification, the wallet down by exactly the batch's total (J$${(Number(findings.total) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}), the weekly limit counting it once, and \`ledger:verify\` ${verify.ok ? 'clean' : 'FAILED'}.`,
  ].join('\n'),
);

await rm(dataDir, { recursive: true, force: true });
await bench.stopServer();
if (!passed) process.exitCode = 1;
