import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { balanceOf, branchAccounts } from '../../test/accounts.ts';
import { crashRequests, type CrashTarget } from '../../test/ledger-crash.ts';
import { expectSoundLedger } from '../../test/ledger.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createLedger } from './ledger.ts';

const CHILD = fileURLToPath(new URL('../../test/ledger-crash-child.ts', import.meta.url));
const TRANSFERS = 2_000;
const KILL_AFTER_ACKS = 300;

let t: TestApp;
let dataDir: string | undefined;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/**
 * On PostgreSQL the child opens the test's own database; embedded, a copy of it on disk (an
 * in-memory database would die with the child).
 */
async function crashTarget(): Promise<{ target: CrashTarget; reopen: () => Promise<DatabaseHandle> }> {
  const accounts = await branchAccounts(t, 1002);
  const common = {
    merchantId: 1002,
    wallet: accounts.wallet,
    bank: accounts.bank,
    settlement: await t.app.ledger.internalAccount('bankSettlement', 1002),
    transfers: TRANSFERS,
  };
  const url = t.databaseUrl;
  if (url)
    return {
      target: { ...common, databaseUrl: url },
      reopen: () => openDatabase({ databaseUrl: url, dataDir: 'memory://' }),
    };
  dataDir = await mkdtemp(path.join(tmpdir(), 'lynk-crash-'));
  const dump = await t.database.pglite!.dumpDataDir('none');
  const onDisk = await openDatabase({ dataDir: dataDir, loadDataDir: dump });
  await onDisk.close();
  const dir = dataDir;
  return { target: { ...common, dataDir: dir }, reopen: () => openDatabase({ dataDir: dir }) };
}

describe('a process killed while the engine is posting', () => {
  it('leaves every acknowledged transfer in place and nothing half-done; the retries replay', async () => {
    const { target, reopen } = await crashTarget();
    const before = await balanceOf(t, target.wallet);

    const child = spawn(process.execPath, [CHILD], {
      env: { ...process.env, CRASH_TARGET: JSON.stringify(target) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const acknowledged: string[] = [];
    for await (const line of createInterface({ input: child.stdout })) {
      acknowledged.push(line.slice('ack '.length));
      if (acknowledged.length === KILL_AFTER_ACKS) child.kill('SIGKILL');
    }
    await new Promise((done) =>
      child.exitCode !== null || child.signalCode ? done(null) : child.on('exit', done),
    );
    expect(child.signalCode).toBe('SIGKILL');

    const database = await reopen();
    try {
      await expectSoundLedger(database.db);
      const stored = await database.db
        .selectFrom('idempotency_keys')
        .select(['key', 'status_code'])
        .where('scope', '=', 'engine-test')
        .where('key', 'like', 'crash-%')
        .execute();
      // Every acknowledged transfer committed with its answer; none was stored half.
      const committed = new Set(stored.map((row) => row.key));
      for (const key of acknowledged) expect(committed.has(key)).toBe(true);
      expect(stored.every((row) => row.status_code === 201)).toBe(true);
      expect(committed.size).toBeLessThan(TRANSFERS);

      // The client retries everything: the committed ones replay, the rest run, each exactly once.
      const ledger = createLedger(database.db, {
        writers: database.ledger.writers,
        writerDb: database.ledger.db,
      });
      const outcomes = await Promise.all(crashRequests(target).map((request) => ledger.post(request)));
      const replayed = outcomes.filter((o) => o.outcome === 'replayed' && o.sameRequest).length;
      expect(replayed).toBe(committed.size);
      expect(outcomes.filter((o) => o.outcome === 'accepted')).toHaveLength(TRANSFERS - committed.size);
      const total = crashRequests(target).reduce((sum, r) => sum + r.entry!.postings[1]!.amount, 0n);
      const after = await database.db
        .selectFrom('accounts')
        .select('balance')
        .where('id', '=', target.wallet)
        .executeTakeFirstOrThrow();
      expect(BigInt(after.balance)).toBe(before - total);
      await expectSoundLedger(database.db);
    } finally {
      await database.close();
    }
  }, 120_000);
});
