import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { balanceOf, branchAccounts } from '../../test/accounts.ts';
import {
  batchPaidFindings,
  killWhilePaying,
  paidOnce,
  type BatchCrashTarget,
} from '../../test/batch-crash.ts';
import { approvedBatch, batchFile, createBatchPayees } from '../../test/batch-world.ts';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';

/** The fast variant of `npm run crash:batch` (twenty kills of a 10,000-payee batch). */
const PAYEES = 3_000;
const KILLS = 3;

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
 * On PostgreSQL the servers open the test's own database; embedded, a copy of it on disk (an
 * in-memory database would die with the server).
 */
async function crashTarget(
  batchId: number,
): Promise<{ target: BatchCrashTarget; reopen: () => Promise<DatabaseHandle> }> {
  const url = t.databaseUrl;
  if (url)
    return {
      target: { databaseUrl: url, batchId },
      reopen: () => openDatabase({ databaseUrl: url, dataDir: 'memory://' }),
    };
  dataDir = await mkdtemp(path.join(tmpdir(), 'lynk-batch-crash-'));
  const dump = await t.database.pglite!.dumpDataDir('none');
  const onDisk = await openDatabase({ dataDir, loadDataDir: dump });
  await onDisk.close();
  const dir = dataDir;
  return { target: { dataDir: dir, batchId }, reopen: () => openDatabase({ dataDir: dir }) };
}

describe('a server killed while it pays a batch', () => {
  it('is started again after each kill and ends with every payee paid exactly once', async () => {
    const cookie = async (email: string) => ({
      cookie: (await signIn(t.app, email, DEMO_PASSWORD)).jar.header(),
      'x-lynk-csrf': '1',
    });
    const callers = {
      manager: await cookie('manager.kingston@bluemountain.example'),
      admin: await cookie('admin.kingston@bluemountain.example'),
    };
    const { wallet } = await branchAccounts(t, 1001);
    await createBatchPayees(t.database.db, 'crash', PAYEES);
    const batch = await approvedBatch(t.app, t.database.db, callers, {
      merchantId: 1001,
      walletId: wallet,
      file: batchFile('crash', PAYEES),
      name: 'Crash payroll',
    });
    const balanceBefore = await balanceOf(t, wallet);
    const { target, reopen } = await crashTarget(batch.batchId);

    const runs = await killWhilePaying(target, { kills: KILLS, payees: PAYEES });
    expect(runs.filter((run) => run.ended === 'killed').length).toBeGreaterThan(0);
    expect(runs.at(-1)!.ended).toBe('COMPLETED');

    const database = await reopen();
    try {
      const findings = await batchPaidFindings(database.db, batch.batchId, { id: wallet, balanceBefore });
      expect(findings.payeeCount).toBe(PAYEES);
      expect(findings).toEqual(paidOnce(findings));
    } finally {
      await database.close();
    }
  }, 120_000);
});
