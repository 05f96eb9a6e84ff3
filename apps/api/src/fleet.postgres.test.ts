import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { moneyFindings } from './test/faults/findings.ts';
import { Browser } from './test/faults/http.ts';
import { MANAGER, runMoneyLoad } from './test/faults/money-load.ts';
import { faultServer, type FaultServer, type FaultTarget } from './test/faults/server.ts';
import {
  balancesOf,
  prepareFaultWorld,
  withFaultDatabase,
  worldAccounts,
  type FaultWorld,
} from './test/faults/world.ts';
import { startBalancer, type Balancer } from './test/fleet/balancer.ts';
import { runTransferLoad } from './test/fleet/transfer-load.ts';
import { freePort } from './test/free-port.ts';
import { createDatabase, databaseUrl, dropDatabase, testDatabaseName } from './test/postgres-server.ts';

/**
 * The product as a fleet (ADR 045): two web instances and two workers, each the real server in
 * its own process, on one PostgreSQL behind a balancer that checks /readyz. Sign-ins, payments,
 * refunds, transfers and payrolls cross instances; one instance is killed outright under load and
 * another drained with SIGTERM; each time every movement happens exactly once.
 */
const template = inject('postgresTemplate')!;
const database = testDatabaseName('lynk_fleet');
let dataDir: string;
let target: FaultTarget;
let world: FaultWorld;
let balancer: Balancer;
let workers: FaultServer[];
let web: FaultServer[];

/** A seeded random, so the load's mix (payrolls among it) is the same every run. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const balances = () => withFaultDatabase(target, (db) => balancesOf(db, worldAccounts(world)));
const findings = (before: Map<number, bigint>, deltas: Map<number, bigint>) =>
  withFaultDatabase(target, (db) => moneyFindings(db, before, deltas));

beforeAll(async () => {
  await createDatabase(template.serverUrl, database, template.template);
  dataDir = await mkdtemp(path.join(tmpdir(), 'lynk-fleet-'));
  target = { dataDir, databaseUrl: databaseUrl(template.serverUrl, database) };
  world = await prepareFaultWorld(target);
  const balancerPort = await freePort();
  const fleet = {
    // Cookies, redirects and the embedded issuer are the balancer's address on every instance.
    PUBLIC_URL: `http://localhost:${balancerPort}`,
    // Two of the balancer's checks (every 100 ms) and a margin: out of rotation before closing.
    DRAIN_DELAY_SECONDS: '1',
  };
  const two = (role: string) =>
    Promise.all([
      faultServer(target, { ...fleet, ROLE: role }),
      faultServer(target, { ...fleet, ROLE: role }),
    ]);
  workers = await two('worker');
  web = await two('web');
  // All at once: one prepares the database under the advisory lock, the others find it done.
  await Promise.all([...workers, ...web].map((instance) => instance.start()));
  balancer = await startBalancer(
    balancerPort,
    web.map((instance) => instance.baseUrl),
  );
}, 180_000);

afterAll(async () => {
  await balancer?.close();
  await Promise.all([...(web ?? []), ...(workers ?? [])].map((instance) => instance.stop()));
  await rm(dataDir, { recursive: true, force: true });
  await dropDatabase(template.serverUrl, database);
});

describe('two web instances and two workers on one PostgreSQL behind a balancer', () => {
  it('signs staff and customers in, takes payments, refunds and payrolls across instances, each once', async () => {
    const before = await balances();
    const load = await runMoneyLoad(balancer.url, world, {
      operations: 100,
      concurrency: 8,
      random: seeded(35),
    });
    expect(load.errors).toEqual([]);
    expect(load.byKind.pay!.ok).toBeGreaterThan(0);
    expect(load.byKind.refund!.ok).toBeGreaterThan(0);
    // A payroll uploaded on one instance, validated and paid by the workers, approved on another:
    // every payee paid once whichever worker took each job (the balances below say so).
    expect(load.batches.length).toBeGreaterThan(0);
    expect(load.repeats).toBe(1);
    // Round robin: every sign-in's steps and the calls after it were answered by both instances.
    expect(Math.min(...balancer.served)).toBeGreaterThan(100);
    const money = await findings(before, load.deltas);
    expect(money.accountsOff).toEqual([]);
    expect(money.ledgerSound).toBe(true);
    // A worker answers the operators only: its metrics include the queues it works.
    const metrics = await fetch(`${workers[0]!.baseUrl}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(/^job_queue_depth\{queue="batch-process",state="ready"\} \d+$/m);
    expect((await fetch(`${workers[0]!.baseUrl}/api/session`)).status).toBe(404);
    // A web instance's public port hides its metrics from a caller without the token.
    expect((await fetch(`${balancer.url}/metrics`)).status).toBe(404);
  }, 120_000);

  it('loses and doubles nothing when an instance is killed outright under load', async () => {
    const manager = new Browser(balancer.url, MANAGER);
    await manager.signIn();
    const before = await balances();
    const retriedBefore = balancer.retries;
    let killed: Promise<void> | undefined;
    const load = await runTransferLoad(manager, world, {
      count: 300,
      concurrency: 16,
      onAnswer: (answered) => {
        if (answered === 60) killed = web[0]!.kill();
      },
    });
    await killed;
    // Transfers in flight on the killed instance were sent again, with their keys, to the other.
    expect(balancer.retries).toBeGreaterThan(retriedBefore);
    expect(load.failures).toEqual([]);
    expect((load.statuses[201] ?? 0) + (load.statuses[422] ?? 0)).toBe(300);
    const money = await findings(before, load.deltas);
    expect(money.accountsOff).toEqual([]);
    expect(money.ledgerSound).toBe(true);
  }, 120_000);

  it('drains an instance on SIGTERM under load without failing a request', async () => {
    await web[0]!.start();
    const manager = new Browser(balancer.url, MANAGER);
    await manager.signIn();
    const failedBefore = balancer.failures;
    const retriedBefore = balancer.retries;
    const before = await balances();
    let stopped: Promise<number> | undefined;
    const load = await runTransferLoad(manager, world, {
      count: 300,
      concurrency: 16,
      onAnswer: (answered) => {
        if (answered === 60) {
          const asked = performance.now();
          stopped = web[1]!.stop().then(() => performance.now() - asked);
        }
      },
    });
    // It exited 0 (stop() checks) well within its 20 s bound, after its one-second drain delay.
    expect(await stopped).toBeLessThan(20_000);
    expect(load.failures).toEqual([]);
    // Out of rotation before it closed: no request even had to be sent again.
    expect(balancer.failures).toBe(failedBefore);
    expect(balancer.retries).toBe(retriedBefore);
    expect((load.statuses[201] ?? 0) + (load.statuses[422] ?? 0)).toBe(300);
    const money = await findings(before, load.deltas);
    expect(money.accountsOff).toEqual([]);
    expect(money.ledgerSound).toBe(true);
  }, 120_000);
});
