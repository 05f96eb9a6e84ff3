import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSoundLedger } from '../../test/ledger.ts';
import type { SessionIdentity } from '@lynk/contract/session';
import { ROLE_PERMISSIONS } from '@lynk/contract/roles';
import { balanceOf, branchAccounts } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { advanceBankTransfer } from '../../world/bank-rail.ts';
import { setLimit } from '../ledger/limits.ts';
import { makeTransfer } from './transfer-service.ts';

// On PostgreSQL these transactions really overlap: a new cash-out takes the wallet's limit row and
// then its account rows, while a failing one gives back the limit and returns the money. With two
// lock orders they deadlock; with one (limit rows, then accounts by ascending id) they never do.
const MERCHANT_ID = 1003;
const ROUNDS = 6;
const PAIRS = 12;
const AMOUNT = 1_000_00;

let t: TestApp;
let identity: SessionIdentity;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'admin.ochorios@bluemountain.example')
    .executeTakeFirstOrThrow();
  identity = {
    id: String(admin.id),
    authID: 'lock-order-test',
    role: 'Admin',
    role_id: 1,
    displayName: 'Lock order test',
    email: 'admin.ochorios@bluemountain.example',
    org_id: `org_${MERCHANT_ID}`,
    merchant_id: MERCHANT_ID,
    permissions: [...ROLE_PERMISSIONS[1]],
  };
});
afterAll(async () => {
  await t.close();
});

describe('new cash-outs beside failing ones on the same wallet', () => {
  it('never deadlock: every transfer goes through and the ledger balances', async () => {
    const db = t.database.db;
    const accounts = await branchAccounts(t, MERCHANT_ID);
    await setLimit(db, accounts.wallet, 'ACH_CASHOUT', 10n ** 12n);
    const caller = { identity, ip: '127.0.0.1', now: new Date(), railStepSeconds: null };
    const cashOut = (to: number) =>
      makeTransfer(t.app.ledger, caller, accounts.wallet, {
        transfer_type: 'CASH_OUT',
        account_type: 'BANK_ACCOUNT',
        account_id: to,
        amount: AMOUNT,
      });
    const start = await balanceOf(t, accounts.wallet);

    for (let round = 0; round < ROUNDS; round++) {
      const failing = [];
      for (let i = 0; i < PAIRS; i++) {
        const transfer = await cashOut(accounts.failingBank);
        await advanceBankTransfer(db, t.app.ledger, transfer.transfer_id, new Date());
        failing.push(transfer.transfer_id);
      }
      // Each failure gives back the limit and returns the money while new cash-outs take both.
      const results = await Promise.allSettled(
        failing.flatMap((id) => [
          advanceBankTransfer(db, t.app.ledger, id, new Date()),
          cashOut(accounts.bank),
        ]),
      );
      const errors = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
      expect(errors).toEqual([]);
    }

    // Every failed cash-out came back; every new one left.
    expect(await balanceOf(t, accounts.wallet)).toBe(start - BigInt(ROUNDS * PAIRS * AMOUNT));
    await expectSoundLedger(db);
  });
});
