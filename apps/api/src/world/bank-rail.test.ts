import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionIdentity } from '@lynk/contract/session';
import { ROLE_PERMISSIONS } from '@lynk/contract/roles';
import { balanceOf, branchAccounts } from '../test/accounts.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createTransfer } from '../modules/account/transfer-service.ts';
import { BANK_RAIL_QUEUE, transitionTransfer } from '../modules/account/transfer-status.ts';
import { advanceBankTransfer, stuckAfterMs, sweepStuckTransfers } from './bank-rail.ts';

const STEP_SECONDS = 5;
let t: TestApp;
let identity: SessionIdentity;
let accounts: Awaited<ReturnType<typeof branchAccounts>>;

beforeAll(async () => {
  // Jobs on, with the queue's workers effectively idle: the tests drive every step themselves.
  t = await createTestApp({ jobs: true, env: { BANK_RAIL_STEP_SECONDS: '3600' } });
  accounts = await branchAccounts(t, 1002);
  const admin = await t.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'admin.montego@bluemountain.example')
    .executeTakeFirstOrThrow();
  identity = {
    id: String(admin.id),
    authID: 'bank-rail-test',
    role: 'Admin',
    role_id: 1,
    displayName: 'Bank rail test',
    email: 'admin.montego@bluemountain.example',
    org_id: 'org_1002',
    merchant_id: 1002,
    permissions: [...ROLE_PERMISSIONS[1]],
  };
});
afterAll(async () => {
  await t.close();
});

const cashOut = (to: number, amount = 1_000_00) =>
  createTransfer(t.database.db, { identity, ip: '127.0.0.1', rail: null }, accounts.wallet, {
    transfer_type: 'CASH_OUT',
    account_type: 'BANK_ACCOUNT',
    account_id: to,
    amount,
  });

const statusOf = async (id: string) =>
  (
    await t.database.db
      .selectFrom('transfers')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).status;

const queuedSteps = async (id: string) =>
  Number(
    (
      await sql<{ n: string }>`select count(*)::text as n from pgboss.job
        where name = ${BANK_RAIL_QUEUE} and data->>'transferId' = ${id}`.execute(t.database.db)
    ).rows[0]!.n,
  );

const postingsOf = async (id: string) =>
  Number(
    (
      await sql<{ n: string }>`select count(*)::text as n from postings p
        join journal_entries e on e.id = p.entry_id where e.transfer_id = ${id}`.execute(t.database.db)
    ).rows[0]!.n,
  );

describe('a bank rail step', () => {
  it('queues the next step in the same transaction as the status change', async () => {
    const rail = { boss: t.app.boss!, stepSeconds: STEP_SECONDS };
    const { transfer_id: id } = await cashOut(accounts.bank);
    expect(await queuedSteps(id)).toBe(0);
    expect(await advanceBankTransfer(t.database.db, rail, id)).toBe('TRANSMITTED');
    expect(await queuedSteps(id)).toBe(1);
    expect(await advanceBankTransfer(t.database.db, rail, id)).toBe('COMPLETED');
    // A step that finds nothing to do posts nothing and queues nothing.
    const postings = await postingsOf(id);
    expect(await advanceBankTransfer(t.database.db, rail, id)).toBeNull();
    expect(await postingsOf(id)).toBe(postings);
    expect(await queuedSteps(id)).toBe(1);
  });

  it('fails loudly when a status change it relies on changes nothing', async () => {
    const { transfer_id: id } = await cashOut(accounts.bank);
    await expect(transitionTransfer(t.database.db, id, 'TRANSMITTED', 'COMPLETED')).rejects.toThrow(
      /was not TRANSMITTED/,
    );
    expect(await statusOf(id)).toBe('SCHEDULED');
  });
});

describe('the bank rail sweep', () => {
  it('is scheduled with the job queue', async () => {
    const schedules = await t.app.boss!.getSchedules();
    expect(schedules.map((s) => s.name)).toContain('bank-rail-sweep');
  });

  it('finishes transfers stuck on the rail and leaves those still on time alone', async () => {
    const db = t.database.db;
    const before = await balanceOf(t, accounts.wallet);
    const scheduled = await cashOut(accounts.bank, 1_000_00);
    const transmitted = await cashOut(accounts.bank, 2_000_00);
    await advanceBankTransfer(db, null, transmitted.transfer_id);
    const failing = await cashOut(accounts.failingBank, 3_000_00);
    await advanceBankTransfer(db, null, failing.transfer_id);
    const onTime = await cashOut(accounts.bank, 4_000_00);

    // Their step jobs were lost: nothing moved them for longer than the sweep allows.
    const now = new Date();
    const stale = new Date(now.getTime() - stuckAfterMs(STEP_SECONDS) - 1000);
    await db
      .updateTable('transfers')
      .set({ updated_at: stale })
      .where('id', 'in', [scheduled.transfer_id, transmitted.transfer_id, failing.transfer_id])
      .execute();

    await sweepStuckTransfers(db, STEP_SECONDS, now);
    expect(await statusOf(scheduled.transfer_id)).toBe('COMPLETED');
    expect(await statusOf(transmitted.transfer_id)).toBe('COMPLETED');
    expect(await statusOf(failing.transfer_id)).toBe('FAILED');
    expect(await statusOf(onTime.transfer_id)).toBe('SCHEDULED');
    // The failed cash-out's money came back; the others left the wallet.
    expect(await balanceOf(t, accounts.wallet)).toBe(before - 1_000_00n - 2_000_00n - 4_000_00n);
    expect(await sweepStuckTransfers(db, STEP_SECONDS, now)).toBe(0);
  });
});
