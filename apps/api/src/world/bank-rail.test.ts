import { sql } from 'kysely';
import { expectSoundLedger } from '../test/ledger.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionIdentity } from '@lynk/contract/session';
import { ROLE_PERMISSIONS } from '@lynk/contract/roles';
import { balanceOf, branchAccounts } from '../test/accounts.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { makeTransfer } from '../modules/account/transfer-service.ts';
import { advanceBankTransfer, runBankRail } from './bank-rail.ts';

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
  makeTransfer(
    t.app.ledger,
    { identity, ip: '127.0.0.1', now: new Date(), railStepSeconds: null },
    accounts.wallet,
    {
      transfer_type: 'CASH_OUT',
      account_type: 'BANK_ACCOUNT',
      account_id: to,
      amount,
    },
  );

const statusOf = async (id: string) =>
  (
    await t.database.db
      .selectFrom('transfers')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).status;

const postingsOf = async (id: string) =>
  Number(
    (
      await sql<{ n: string }>`select count(*)::text as n from postings p
        join journal_entries e on e.id = p.entry_id where e.transfer_id = ${id}`.execute(t.database.db)
    ).rows[0]!.n,
  );

const railDueAt = async (id: string) =>
  (
    await t.database.db
      .selectFrom('transfers')
      .select('rail_due_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).rail_due_at;

describe('a bank rail step', () => {
  it('moves the transfer on and says when the rail takes it up next, until it is done', async () => {
    const at = new Date();
    const { transfer_id: id } = await cashOut(accounts.bank);
    expect(await advanceBankTransfer(t.database.db, t.app.ledger, id, at, STEP_SECONDS)).toBe('TRANSMITTED');
    expect(await railDueAt(id)).toEqual(new Date(at.getTime() + STEP_SECONDS * 1000));
    expect(await advanceBankTransfer(t.database.db, t.app.ledger, id, at, STEP_SECONDS)).toBe('COMPLETED');
    expect(await railDueAt(id)).toBeNull();
    // A step that finds nothing to do posts nothing.
    const postings = await postingsOf(id);
    expect(await advanceBankTransfer(t.database.db, t.app.ledger, id, new Date())).toBeNull();
    expect(await postingsOf(id)).toBe(postings);
  });

  it('changes nothing when its transfer has moved on since it was read (a second server, a retry)', async () => {
    const { transfer_id: id } = await cashOut(accounts.failingBank);
    await advanceBankTransfer(t.database.db, t.app.ledger, id, new Date());
    const before = await balanceOf(t, accounts.wallet);
    // Both read it TRANSMITTED; only the first step fails it and gives the money back.
    const steps = await Promise.all([
      advanceBankTransfer(t.database.db, t.app.ledger, id, new Date()),
      advanceBankTransfer(t.database.db, t.app.ledger, id, new Date()),
    ]);
    expect(steps.filter((s) => s === 'FAILED')).toHaveLength(1);
    expect(steps.filter((s) => s === null)).toHaveLength(1);
    expect(await statusOf(id)).toBe('FAILED');
    expect(await balanceOf(t, accounts.wallet)).toBe(before + 1_000_00n);
  });
});

describe('the bank rail', () => {
  it('takes up exactly the transfers that are due, and each only once when two runs overlap', async () => {
    const db = t.database.db;
    const now = new Date();
    const before = await balanceOf(t, accounts.wallet);
    const due = await cashOut(accounts.bank, 1_000_00);
    const transmitted = await cashOut(accounts.bank, 2_000_00);
    await advanceBankTransfer(db, t.app.ledger, transmitted.transfer_id, new Date());
    const failing = await cashOut(accounts.failingBank, 3_000_00);
    await advanceBankTransfer(db, t.app.ledger, failing.transfer_id, new Date());
    const later = await cashOut(accounts.bank, 4_000_00);
    const offRail = await cashOut(accounts.bank, 5_000_00);
    const dueNow = [due.transfer_id, transmitted.transfer_id, failing.transfer_id];
    await db.updateTable('transfers').set({ rail_due_at: now }).where('id', 'in', dueNow).execute();
    await db
      .updateTable('transfers')
      .set({ rail_due_at: new Date(now.getTime() + 60_000) })
      .where('id', '=', later.transfer_id)
      .execute();

    const runs = await Promise.all([
      runBankRail(db, t.app.ledger, STEP_SECONDS, now),
      runBankRail(db, t.app.ledger, STEP_SECONDS, now),
    ]);
    expect(runs.reduce((sum, run) => sum + run.moved, 0)).toBe(3);
    expect(await statusOf(due.transfer_id)).toBe('TRANSMITTED');
    expect(await statusOf(transmitted.transfer_id)).toBe('COMPLETED');
    expect(await statusOf(failing.transfer_id)).toBe('FAILED');
    expect(await statusOf(later.transfer_id)).toBe('SCHEDULED');
    expect(await statusOf(offRail.transfer_id)).toBe('SCHEDULED');
    // The failed cash-out's money came back; the others left the wallet.
    expect(await balanceOf(t, accounts.wallet)).toBe(before - 1_000_00n - 2_000_00n - 4_000_00n - 5_000_00n);
    await expectSoundLedger(db);
  });
});
