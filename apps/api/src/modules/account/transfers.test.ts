import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSoundLedger } from '../../test/ledger.ts';
import { balanceOf, branchAccounts, newKey, postTransfer } from '../../test/accounts.ts';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { advanceBankTransfer } from '../../world/bank-rail.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';
import { setLimit } from '../ledger/limits.ts';
import { makeTransfer } from './transfer-service.ts';

let t: TestApp;
let admin: string;
let manager: string;
let otherBranchAdmin: string;
let kingston: Awaited<ReturnType<typeof branchAccounts>>;
let montego: Awaited<ReturnType<typeof branchAccounts>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signIn(t.app, 'admin.kingston@bluemountain.example', DEMO_PASSWORD)).jar.header();
  manager = (await signIn(t.app, 'manager.kingston@bluemountain.example', DEMO_PASSWORD)).jar.header();
  otherBranchAdmin = (await signIn(t.app, 'admin.montego@bluemountain.example', DEMO_PASSWORD)).jar.header();
  kingston = await branchAccounts(t, 1001);
  montego = await branchAccounts(t, 1002);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

describe('moving money between the main wallet and JAM-DEX', () => {
  it('moves J$ to JAM-DEX at once: both balances change by the amount and a history row appears', async () => {
    const walletBefore = await balanceOf(t, kingston.wallet);
    const cbdcBefore = await balanceOf(t, kingston.cbdc!);
    const response = await postTransfer(t.app, manager, kingston.wallet, {
      transfer_type: 'CASH_OUT',
      account_type: 'CBDC',
      account_id: kingston.cbdc,
      amount: 1_234_50,
    });
    expect(response.statusCode).toBe(201);
    const transfer = response.json().data;
    expect(transfer).toMatchObject({
      status: 'COMPLETED',
      type: 'CASH OUT',
      total: 123450,
      from: 'Main wallet',
      to: 'JAM-DEX wallet',
    });
    expect(await balanceOf(t, kingston.wallet)).toBe(walletBefore - 123450n);
    expect(await balanceOf(t, kingston.cbdc!)).toBe(cbdcBefore + 123450n);

    const balance = (await get(`/api/account/v2/accounts/${kingston.cbdc}/balance`, manager)).json();
    expect(balance).toEqual({ data: { balance: Number(cbdcBefore + 123450n), currency: 'JAM-DEX' } });
    const history = (
      await get('/api/account/v2/connected-account-transactions?jam-dex-only=true&limit=1', manager)
    ).json();
    expect(history.result[0]).toMatchObject({ transfer_id: transfer.transfer_id, status: 'COMPLETED' });
    expect(history.meta_data).toMatchObject({ count: 1, limit: 1, offset: 0 });
  });

  it('moves JAM-DEX back to the main wallet without counting against a daily limit', async () => {
    const before = (
      await get(`/api/account/v1/accounts/${kingston.wallet}/limits?period=1&transfer_type=TOP`, admin)
    ).json();
    const response = await postTransfer(t.app, admin, kingston.wallet, {
      transfer_type: 'CASH_IN',
      account_type: 'CBDC',
      account_id: kingston.cbdc,
      amount: 5_000,
    });
    expect(response.statusCode).toBe(201);
    const after = (
      await get(`/api/account/v1/accounts/${kingston.wallet}/limits?period=1&transfer_type=TOP`, admin)
    ).json();
    expect(after.data.remaining).toBe(before.data.remaining);
  });
});

describe('idempotency', () => {
  const body = () => ({
    transfer_type: 'CASH_OUT',
    account_type: 'CBDC',
    account_id: kingston.cbdc,
    amount: 1_000,
  });

  it('replays the stored response for the same key and body, and moves the money once', async () => {
    const key = newKey();
    const before = await balanceOf(t, kingston.wallet);
    const first = await postTransfer(t.app, admin, kingston.wallet, body(), key);
    const replay = await postTransfer(t.app, admin, kingston.wallet, body(), key);
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await balanceOf(t, kingston.wallet)).toBe(before - 1_000n);
  });

  it('answers 409 for the same key with another body', async () => {
    const key = newKey();
    await postTransfer(t.app, admin, kingston.wallet, body(), key);
    const reused = await postTransfer(t.app, admin, kingston.wallet, { ...body(), amount: 2_000 }, key);
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('answers 400 without a key and moves nothing', async () => {
    const before = await balanceOf(t, kingston.wallet);
    const response = await postTransfer(t.app, admin, kingston.wallet, body(), null);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect(await balanceOf(t, kingston.wallet)).toBe(before);
  });
});

describe('insufficient funds', () => {
  it("answers the spec's message and writes nothing", async () => {
    const before = await balanceOf(t, kingston.wallet);
    const transfers = await t.database.db
      .selectFrom('transfers')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const response = await postTransfer(t.app, admin, kingston.wallet, {
      transfer_type: 'CASH_OUT',
      account_type: 'CBDC',
      account_id: kingston.cbdc,
      amount: Number(before) + 1,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'INSUFFICIENT_FUNDS',
      message: "Your account doesn't have enough money. Try a different amount.",
    });
    expect(await balanceOf(t, kingston.wallet)).toBe(before);
    const after = await t.database.db
      .selectFrom('transfers')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(transfers.n);
  });
});

describe('daily limits', () => {
  it('shrinks the remaining cash-out with each transfer, refuses the excess with the remaining amount, and resets the next Jamaica day', async () => {
    const limitUrl = `/api/account/v1/accounts/${montego.wallet}/limits?period=1&transfer_type=ACH_CASHOUT`;
    const seeded = (await get(limitUrl, otherBranchAdmin)).json().data;
    // Today's seeded history may have used some of it already: leave exactly J$10,000.
    await setLimit(t.database.db, montego.wallet, 'ACH_CASHOUT', BigInt(seeded.used + 10_000_00));
    const start = (await get(limitUrl, otherBranchAdmin)).json().data;
    expect(start.remaining).toBe(10_000_00);

    const ok = await postTransfer(t.app, otherBranchAdmin, montego.wallet, {
      transfer_type: 'CASH_OUT',
      account_type: 'BANK_ACCOUNT',
      account_id: montego.bank,
      amount: 2_500_00,
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.status).toBe('SCHEDULED');
    const after = (await get(limitUrl, otherBranchAdmin)).json().data;
    expect(after.remaining).toBe(start.remaining - 2_500_00);
    expect(after.used).toBe(start.used + 2_500_00);

    const over = await postTransfer(t.app, otherBranchAdmin, montego.wallet, {
      transfer_type: 'CASH_OUT',
      account_type: 'BENEFICIARY',
      account_id: montego.beneficiary,
      amount: after.remaining + 1,
    });
    expect(over.statusCode).toBe(422);
    const remainingText = (after.remaining / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
    expect(over.json()).toEqual({
      code: 'DAILY_LIMIT_EXCEEDED',
      message: `You currently have ${remainingText} JMD remaining for this day, and the limit will reset at the end of the day.`,
      details: { remaining: after.remaining },
    });

    // The next day in Jamaica the whole limit is available again.
    const identity = { ...(await get('/api/session', otherBranchAdmin)).json() };
    const tomorrow = new Date(after.resets_at);
    const next = await makeTransfer(
      t.app.ledger,
      { identity, ip: '127.0.0.1', now: tomorrow, railStepSeconds: null },
      montego.wallet,
      {
        transfer_type: 'CASH_OUT',
        account_type: 'BANK_ACCOUNT',
        account_id: montego.bank,
        amount: 10_000_00,
      },
    );
    expect(next.status).toBe('SCHEDULED');
  });
});

describe('the simulated bank rail', () => {
  it('completes a cash-out in two steps and keeps the money out of the wallet', async () => {
    const before = await balanceOf(t, kingston.wallet);
    const created = (
      await postTransfer(t.app, admin, kingston.wallet, {
        transfer_type: 'CASH_OUT',
        account_type: 'BANK_ACCOUNT',
        account_id: kingston.bank,
        amount: 7_000,
      })
    ).json().data;
    expect(await balanceOf(t, kingston.wallet)).toBe(before - 7_000n);
    expect(await advanceBankTransfer(t.database.db, t.app.ledger, created.transfer_id, new Date())).toBe(
      'TRANSMITTED',
    );
    expect(await advanceBankTransfer(t.database.db, t.app.ledger, created.transfer_id, new Date())).toBe(
      'COMPLETED',
    );
    // A job that runs again changes nothing and never pays twice.
    expect(
      await advanceBankTransfer(t.database.db, t.app.ledger, created.transfer_id, new Date()),
    ).toBeNull();
    expect(await balanceOf(t, kingston.wallet)).toBe(before - 7_000n);
  });

  it('fails a transfer to the closed bank account and returns the funds and the limit', async () => {
    const before = await balanceOf(t, kingston.wallet);
    const limitUrl = `/api/account/v1/accounts/${kingston.wallet}/limits?period=1&transfer_type=ACH_CASHOUT`;
    const limitBefore = (await get(limitUrl, admin)).json().data.remaining;
    const created = (
      await postTransfer(t.app, admin, kingston.wallet, {
        transfer_type: 'CASH_OUT',
        account_type: 'BANK_ACCOUNT',
        account_id: kingston.failingBank,
        amount: 9_900,
      })
    ).json().data;
    expect(await balanceOf(t, kingston.wallet)).toBe(before - 9_900n);
    await advanceBankTransfer(t.database.db, t.app.ledger, created.transfer_id, new Date());
    expect(await advanceBankTransfer(t.database.db, t.app.ledger, created.transfer_id, new Date())).toBe(
      'FAILED',
    );
    expect(await balanceOf(t, kingston.wallet)).toBe(before);
    expect((await get(limitUrl, admin)).json().data.remaining).toBe(limitBefore);
    const history = (await get('/api/account/v2/connected-account-transactions?limit=50', admin)).json();
    expect(
      history.result.find((r: { transfer_id: string }) => r.transfer_id === created.transfer_id),
    ).toMatchObject({
      status: 'FAILED',
      failure_reason:
        'The recipient was not able to get the funds and the monies has been returned to the sender',
    });
  });

  it('credits a bank cash-in only when the bank completes it', async () => {
    const before = await balanceOf(t, kingston.wallet);
    const created = (
      await postTransfer(t.app, admin, kingston.wallet, {
        transfer_type: 'CASH_IN',
        account_type: 'BANK_ACCOUNT',
        account_id: kingston.bank,
        amount: 50_000,
      })
    ).json().data;
    expect(created.status).toBe('PENDING');
    expect(await balanceOf(t, kingston.wallet)).toBe(before);
    expect(await advanceBankTransfer(t.database.db, t.app.ledger, created.transfer_id, new Date())).toBe(
      'TRANSMITTED',
    );
    expect(await balanceOf(t, kingston.wallet)).toBe(before);
    expect(await advanceBankTransfer(t.database.db, t.app.ledger, created.transfer_id, new Date())).toBe(
      'COMPLETED',
    );
    expect(await balanceOf(t, kingston.wallet)).toBe(before + 50_000n);
  });
});

describe('the ledger after all of the above', () => {
  it('balances every entry, keeps every balance equal to its postings and no wallet below zero', async () => {
    await expectSoundLedger(t.database.db);
  });
});
