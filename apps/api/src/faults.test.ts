import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { moneyFindings } from './test/faults/findings.ts';
import { killDuringJobs, payrollPrefixes, runName } from './test/faults/job-kills.ts';
import { runMoneyLoad } from './test/faults/money-load.ts';
import { faultServer, type FaultServer } from './test/faults/server.ts';
import { balancesOf, prepareFaultWorld, withFaultDatabase, worldAccounts } from './test/faults/world.ts';

/**
 * The short form of `npm run faults` (1,000 operations and twenty kills per job kind, on both
 * databases): the real server, started as its own process on a copy of the seeded demo on disk,
 * takes 200 money operations at once and is then killed three times while its jobs work.
 */
const OPERATIONS = 200;
const KILLS = 3;
const PAYEES = 200;

let dataDir: string | undefined;
let server: FaultServer | undefined;
afterAll(async () => {
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the real server under concurrent money operations and killed during its jobs', () => {
  it('moves each successful amount once, replays repeated keys, and loses or repeats no job', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'lynk-faults-'));
    const target = { dataDir };
    const run = runName();
    const world = await prepareFaultWorld(target, {
      load: new Blob([await readFile(inject('seededDatabase'))]),
      payrolls: { prefixes: payrollPrefixes(run, KILLS), payees: PAYEES },
    });
    const before = await withFaultDatabase(target, (db) => balancesOf(db, worldAccounts(world)));
    server = await faultServer(target);

    await server.start();
    const load = await runMoneyLoad(server.baseUrl, world, { operations: OPERATIONS, concurrency: 16 });
    await server.stop();
    expect(load.errors).toEqual([]);
    expect(load.repeats).toBe(OPERATIONS / 100);
    const money = await withFaultDatabase(target, (db) => moneyFindings(db, before, load.deltas));
    expect(money.accountsOff).toEqual([]);
    expect(money.ledgerSound).toBe(true);

    const jobs = await killDuringJobs(target, server, world, run, {
      kills: KILLS,
      payees: PAYEES,
      maxKillDelayMs: 1_000,
      // Within the test's time, so that a job that never finishes is named rather than timed out.
      finishWithinMs: 120_000,
    });
    expect(jobs.errors).toEqual([]);
    expect(jobs.bank).toEqual({ made: 3 * KILLS, rows: 3 * KILLS, completed: 3 * KILLS, settledTwice: 0 });
    expect(jobs.expiry).toEqual({ links: 2 * KILLS, rows: 2 * KILLS, expired: 2 * KILLS });
    expect(jobs.mail.users).toBe(2 * KILLS);
    expect(Object.values(jobs.mail.mailsPerMember)).toEqual(Array(2 * KILLS).fill(1));
    expect(jobs.mail.outboxNotKept).toBe(0);
    expect(jobs.batches).toEqual({ approved: KILLS, off: [] });
    expect(jobs.wallet.actual).toBe(jobs.wallet.expected);
    expect(jobs.ledgerSound).toBe(true);
  }, 300_000);
});
