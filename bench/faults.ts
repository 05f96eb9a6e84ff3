/**
 * The fault script (issue 33): the real server (`apps/api/src/server.ts`, its own process) on the
 * demo world, on each database in turn — embedded in a folder on disk, then a throwaway PostgreSQL
 * server with durable settings — takes FAULTS_OPERATIONS (1,000) money operations at once, every
 * hundredth repeating an earlier call's Idempotency-Key, and is then killed with SIGKILL
 * FAULTS_KILLS (20) times while its background jobs work (bank rail, order expiry, activation
 * mail, batch validation and processing), started again on the same database each time.
 *
 *   npm run faults
 *
 * After the operations, and again after the kills, every account must hold what the answers add
 * up to, each job's work must be done exactly once, and `ledger:verify` must find the ledger
 * sound. Prints a summary; exits 1 when anything is off.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import {
  createDatabase,
  databaseUrl,
  startThrowawayPostgres,
  testDatabaseName,
} from '../apps/api/src/test/postgres-server.ts';
import { moneyFindings, type MoneyFindings } from '../apps/api/src/test/faults/findings.ts';
import {
  killDuringJobs,
  payrollPrefixes,
  runName,
  type JobKillFindings,
} from '../apps/api/src/test/faults/job-kills.ts';
import { runMoneyLoad, type LoadResult } from '../apps/api/src/test/faults/money-load.ts';
import { faultServer, type FaultTarget } from '../apps/api/src/test/faults/server.ts';
import {
  balancesOf,
  prepareFaultWorld,
  withFaultDatabase,
  worldAccounts,
} from '../apps/api/src/test/faults/world.ts';

const OPERATIONS = Number(process.env.FAULTS_OPERATIONS ?? 1_000);
const KILLS = Number(process.env.FAULTS_KILLS ?? 20);
/** Payees of each round's payroll. */
const PAYEES = Number(process.env.FAULTS_PAYEES ?? 1_000);
const CONCURRENCY = 32;

/** `npm run ledger:verify` itself, on the target's database: its verdict line. */
async function ledgerVerify(target: FaultTarget) {
  const script = fileURLToPath(new URL('../apps/api/src/scripts/ledger-verify.ts', import.meta.url));
  const env = {
    ...process.env,
    DATA_DIR: target.dataDir,
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
  };
  return promisify(execFile)(process.execPath, [script], { env }).then(
    (done) => ({ ok: true, output: done.stdout.trim() }),
    (error: { stdout?: string }) => ({ ok: false, output: error.stdout?.trim() ?? String(error) }),
  );
}

async function faultRun(where: 'embedded' | 'PostgreSQL', target: FaultTarget) {
  const started = performance.now();
  const run = runName();
  const world = await prepareFaultWorld(target, {
    payrolls: { prefixes: payrollPrefixes(run, KILLS), payees: PAYEES },
  });
  const before = await withFaultDatabase(target, (db) => balancesOf(db, worldAccounts(world)));
  console.log(`${where}: the demo world ready (${seconds(started)} s)`);
  const server = await faultServer(target);
  try {
    await server.start();
    const loadStarted = performance.now();
    const load = await runMoneyLoad(server.baseUrl, world, {
      operations: OPERATIONS,
      concurrency: CONCURRENCY,
    });
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    await server.stop();
    console.log(
      `${where}: ${OPERATIONS} operations done (${loadSeconds.toFixed(1)} s); ${KILLS} kills to come`,
    );
    const money = await withFaultDatabase(target, (db) => moneyFindings(db, before, load.deltas));
    const jobs = await killDuringJobs(target, server, world, run, {
      kills: KILLS,
      payees: PAYEES,
      maxKillDelayMs: 2_000,
      finishWithinMs: 600_000,
    });
    return report(where, started, {
      before,
      load,
      loadSeconds,
      money,
      jobs,
      verify: await ledgerVerify(target),
    });
  } catch (error) {
    // No server left behind on a failure (one that has died already is no news).
    await server.kill().catch(() => undefined);
    throw error;
  }
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(0);

function report(
  where: string,
  started: number,
  {
    before,
    load,
    loadSeconds,
    money,
    jobs,
    verify,
  }: {
    before: Map<number, bigint>;
    load: LoadResult;
    loadSeconds: number;
    money: MoneyFindings;
    jobs: JobKillFindings;
    verify: { ok: boolean; output: string };
  },
) {
  const mailsOff = Object.values(jobs.mail.mailsPerMember).filter((n) => n !== 1).length;
  const problems = [
    ...load.errors.map((e) => `operation: ${e}`),
    ...money.accountsOff.map((a) => `account ${a.account} holds ${a.actual}, expected ${a.expected}`),
    ...(money.ledgerSound ? [] : ['ledger unsound after the operations']),
    ...jobs.errors.map((e) => `job run: ${e}`),
    ...(jobs.bank.rows === jobs.bank.made &&
    jobs.bank.completed === jobs.bank.made &&
    jobs.bank.settledTwice === 0
      ? []
      : [`bank: ${JSON.stringify(jobs.bank)}`]),
    ...(jobs.expiry.rows === jobs.expiry.links && jobs.expiry.expired === jobs.expiry.links
      ? []
      : [`expiry: ${JSON.stringify(jobs.expiry)}`]),
    ...(jobs.mail.users === jobs.mail.registered && mailsOff === 0 && jobs.mail.outboxNotKept === 0
      ? []
      : [`mail: ${JSON.stringify(jobs.mail)}`]),
    ...jobs.batches.off,
    ...(jobs.wallet.actual === jobs.wallet.expected ? [] : [`wallet: ${JSON.stringify(jobs.wallet)}`]),
    ...(jobs.ledgerSound && verify.ok ? [] : [`ledger:verify: ${verify.output}`]),
  ];
  const ok = Object.values(load.byKind).reduce((sum, k) => sum + k.ok, 0);
  const refused = Object.values(load.byKind).reduce((sum, k) => sum + k.refused, 0);
  console.log(`\n${where}:`);
  console.log(
    `  ${OPERATIONS} operations (${CONCURRENCY} at once) in ${loadSeconds.toFixed(1)} s: ${ok} succeeded, ${refused} refused, ${load.repeats} repeated keys, ${load.errors.length} errors; ${money.accountsOff.length} of ${before.size} accounts off`,
  );
  console.log(`  ${JSON.stringify(load.byKind)}`);
  console.log(
    `  ${jobs.kills} kills (${Object.entries(jobs.killsDuring)
      .map(([kind, n]) => `${n} with ${kind} work pending`)
      .join(', ')}) in ${jobs.seconds.toFixed(0)} s`,
  );
  console.log(
    `  bank rail: ${jobs.bank.completed}/${jobs.bank.made} cash-outs settled, ${jobs.bank.rows} made, ${jobs.bank.settledTwice} settled twice; ` +
      `expiry: ${jobs.expiry.expired}/${jobs.expiry.links} links expired, ${jobs.expiry.rows} made; ` +
      `mail: ${jobs.mail.registered} registered, ${jobs.mail.users} users, ${mailsOff} without exactly one mail; ` +
      `payrolls: ${jobs.batches.approved} of ${PAYEES} payees, ${jobs.batches.off.length} findings off; ` +
      `wallet ${jobs.wallet.actual === jobs.wallet.expected ? 'as expected' : 'OFF'}`,
  );
  console.log(`  ledger:verify: ${verify.output.split('\n').at(-1)}`);
  console.log(
    `  ${problems.length === 0 ? 'PASSED' : `FAILED: ${problems.join('; ')}`} (${seconds(started)} s)`,
  );
  return problems.length === 0;
}

const embeddedDir = await mkdtemp(path.join(tmpdir(), 'lynk-faults-'));
const embedded = await faultRun('embedded', { dataDir: embeddedDir });
await rm(embeddedDir, { recursive: true, force: true });

const postgres = await startThrowawayPostgres({ durable: true, maxConnections: 100 });
const secretsDir = await mkdtemp(path.join(tmpdir(), 'lynk-faults-'));
const name = testDatabaseName('lynk_faults');
await createDatabase(postgres.serverUrl, name);
const onPostgres = await faultRun('PostgreSQL', {
  dataDir: secretsDir,
  databaseUrl: databaseUrl(postgres.serverUrl, name),
}).finally(async () => {
  await postgres.stop();
  await rm(secretsDir, { recursive: true, force: true });
});
console.log(`\n${embedded && onPostgres ? 'PASSED' : 'FAILED'} on ${new Date().toISOString()}`);
if (!(embedded && onPostgres)) process.exitCode = 1;
