import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, branchAccounts, newKey, postTransfer } from '../../test/accounts.ts';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { advanceBankTransfer } from '../../world/bank-rail.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';
import { jamaicaDate } from '../ledger/jamaica-time.ts';
import { ledgerInvariants } from '../ledger/repository.ts';
import { setLimit } from '../ledger/limits.ts';
import { createTransfer } from './transfer-service.ts';

let t: TestApp;
let admin: string;
let manager: string;
let cashier: string;
let otherBranchAdmin: string;
let kingston: Awaited<ReturnType<typeof branchAccounts>>;
let montego: Awaited<ReturnType<typeof branchAccounts>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signIn(t.app, 'admin.kingston@bluemountain.example', DEMO_PASSWORD)).jar.header();
  manager = (await signIn(t.app, 'manager.kingston@bluemountain.example', DEMO_PASSWORD)).jar.header();
  cashier = (await signIn(t.app, 'cashier.kingston@bluemountain.example', DEMO_PASSWORD)).jar.header();
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
    const next = await createTransfer(
      t.database.db,
      { identity, ip: '127.0.0.1', now: tomorrow, rail: null },
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
    expect(await advanceBankTransfer(t.database.db, null, created.transfer_id)).toBe('TRANSMITTED');
    expect(await advanceBankTransfer(t.database.db, null, created.transfer_id)).toBe('COMPLETED');
    // A job that runs again changes nothing and never pays twice.
    expect(await advanceBankTransfer(t.database.db, null, created.transfer_id)).toBeNull();
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
    await advanceBankTransfer(t.database.db, null, created.transfer_id);
    expect(await advanceBankTransfer(t.database.db, null, created.transfer_id)).toBe('FAILED');
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
    expect(await advanceBankTransfer(t.database.db, null, created.transfer_id)).toBe('TRANSMITTED');
    expect(await balanceOf(t, kingston.wallet)).toBe(before);
    expect(await advanceBankTransfer(t.database.db, null, created.transfer_id)).toBe('COMPLETED');
    expect(await balanceOf(t, kingston.wallet)).toBe(before + 50_000n);
  });
});

describe('permissions and tenancy', () => {
  it('refuses a cashier (no transfer permission) with 403', async () => {
    const response = await postTransfer(t.app, cashier, kingston.wallet, {
      transfer_type: 'CASH_OUT',
      account_type: 'CBDC',
      account_id: kingston.cbdc,
      amount: 100,
    });
    expect(response.statusCode).toBe(403);
    expect((await get(`/api/account/v2/accounts/${kingston.wallet}/balance`, cashier)).statusCode).toBe(403);
  });

  it('refuses a manager a bank cash-in (needs cashins create)', async () => {
    const response = await postTransfer(t.app, manager, kingston.wallet, {
      transfer_type: 'CASH_IN',
      account_type: 'BANK_ACCOUNT',
      account_id: kingston.bank,
      amount: 100,
    });
    expect(response.statusCode).toBe(403);
  });

  it.each([
    ['balance', () => `/api/account/v2/accounts/${montego.wallet}/balance`],
    ['limits', () => `/api/account/v1/accounts/${montego.wallet}/limits?period=1&transfer_type=TOP`],
    ['payments', () => `/api/account/v1/accounts/${montego.cbdcRef}/payments`],
    ['export', () => `/api/account/v1/accounts/${montego.wallet}/export?from=2026-01-01&to=2026-01-31`],
  ])("answers 404 for another branch's account (%s)", async (_name, url) => {
    const response = await get(url(), admin);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: expect.any(String) });
  });

  it("answers 404 when moving money from or to another branch's accounts, and moves nothing", async () => {
    const before = await balanceOf(t, montego.wallet);
    const fromOther = await postTransfer(t.app, admin, montego.wallet, {
      transfer_type: 'CASH_OUT',
      account_type: 'CBDC',
      account_id: kingston.cbdc,
      amount: 100,
    });
    const toOther = await postTransfer(t.app, admin, kingston.wallet, {
      transfer_type: 'CASH_OUT',
      account_type: 'BANK_ACCOUNT',
      account_id: montego.bank,
      amount: 100,
    });
    expect(fromOther.statusCode).toBe(404);
    expect(toOther.statusCode).toBe(404);
    expect(await balanceOf(t, montego.wallet)).toBe(before);
  });

  it("never lists another branch's transfers", async () => {
    const mine = (
      await get('/api/account/v2/connected-account-transactions?limit=100', otherBranchAdmin)
    ).json();
    const montegoIds = new Set(
      (
        await t.database.db.selectFrom('transfers').select('id').where('merchant_id', '=', 1002).execute()
      ).map((r) => r.id),
    );
    expect(mine.result.length).toBeGreaterThan(0);
    expect(mine.result.every((r: { transfer_id: string }) => montegoIds.has(r.transfer_id))).toBe(true);
  });
});

describe('bad input', () => {
  it.each([
    ['an amount under J$0.10', { amount: 9 }],
    ['a negative amount', { amount: -100 }],
    ['a fractional amount of cents', { amount: 10.5 }],
    ['an amount as text', { amount: '100' }],
    ['an unknown transfer type', { transfer_type: 'SIDEWAYS' }],
    ['an unknown field', { note: 'hi' }],
    ['an oversized account id', { account_id: 2 ** 40 }],
  ])('answers 400 {code, message} for %s and moves nothing', async (_name, patch) => {
    const before = await balanceOf(t, kingston.wallet);
    const response = await postTransfer(t.app, admin, kingston.wallet, {
      transfer_type: 'CASH_OUT',
      account_type: 'CBDC',
      account_id: kingston.cbdc,
      amount: 100,
      ...patch,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
    expect(await balanceOf(t, kingston.wallet)).toBe(before);
  });

  it.each([
    '/api/account/v2/accounts/abc/balance',
    '/api/account/v1/accounts/1/limits?period=3&transfer_type=TOP',
    '/api/account/v1/accounts/1/limits?period=1&transfer_type=MBATCH',
    '/api/account/v2/connected-account-transactions?limit=1000',
    '/api/account/v2/connected-account-transactions?sort=sideways',
    '/api/account/v2/connected-account-transactions?from_utc=2026-02-30',
    '/api/account/v2/connected-account-transactions?from_utc=2026-03-02&to_utc=2026-03-01',
    '/api/account/v1/accounts/1/export?from=2026-01-01',
    // Numbers are decimal digits: not exponent, hex, padded or empty forms.
    '/api/account/v2/connected-account-transactions?limit=1e1',
    '/api/account/v2/connected-account-transactions?limit=0x10',
    '/api/account/v2/connected-account-transactions?limit=%205',
    '/api/account/v2/connected-account-transactions?offset=',
    '/api/account/v2/accounts/1e3/balance',
    '/api/account/v1/accounts/1/limits?period=01.0&transfer_type=TOP',
  ])('answers 400 for %s', async (url) => {
    const response = await get(url, admin);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('listings and export', () => {
  it('pages, sorts and filters the history by date', async () => {
    const all = (await get('/api/account/v2/connected-account-transactions?limit=5&offset=0', admin)).json();
    const counted = await t.database.db
      .selectFrom('transfers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('merchant_id', '=', 1001)
      .executeTakeFirstOrThrow();
    // The kept count (migration 0003) agrees with counting the rows.
    expect(all.meta_data.total).toBe(Number(counted.n));
    expect(all.meta_data.total).toBeGreaterThan(5);
    expect(all.result).toHaveLength(5);
    const dates = all.result.map((r: { datetime: string }) => r.datetime);
    expect([...dates].sort().reverse()).toEqual(dates);

    const asc = (await get('/api/account/v2/connected-account-transactions?limit=5&sort=asc', admin)).json();
    expect(asc.result[0].datetime <= asc.result[4].datetime).toBe(true);

    // The dates are Jamaica calendar days, as the portal shows them.
    const day = jamaicaDate(new Date(all.result[0].datetime));
    const filtered = (
      await get(
        `/api/account/v2/connected-account-transactions?from_utc=${day}&to_utc=${day}&limit=100`,
        admin,
      )
    ).json();
    expect(filtered.result.length).toBeGreaterThan(0);
    expect(
      filtered.result.every((r: { datetime: string }) => jamaicaDate(new Date(r.datetime)) === day),
    ).toBe(true);
    expect(filtered.meta_data.total).toBe(filtered.result.length);
  });

  it('lists JAM-DEX payments of the own CBDC wallet', async () => {
    const payments = (
      await get(`/api/account/v1/accounts/${kingston.cbdcRef}/payments?limit=10`, admin)
    ).json();
    expect(payments.meta_data.total).toBe(24);
    expect(payments.result[0]).toMatchObject({
      id: expect.any(String),
      from_id: expect.stringMatching(/^@/),
      status: expect.stringMatching(/^(Success|Failure)$/),
    });
  });

  it('exports a month of the wallet history as a base64 CSV', async () => {
    const to = new Date();
    const from = new Date(to.getTime() - 27 * 24 * 60 * 60 * 1000);
    // Export dates are Jamaica calendar days, and none of them may be in the future.
    const day = (date: Date) => jamaicaDate(date);
    const response = await get(
      `/api/account/v1/accounts/${kingston.wallet}/export?from=${day(from)}&to=${day(to)}`,
      admin,
    );
    expect(response.statusCode).toBe(200);
    const lines = Buffer.from(response.json().base64_file, 'base64').toString().split('\r\n');
    expect(lines[0]).toBe('Transfer ID,Date,From,To,Type,Status,Total (JMD),Commission,GCT');
    expect(lines.slice(1).filter(Boolean).length).toBeGreaterThan(0);
    for (const line of lines.slice(1).filter(Boolean)) {
      const date = jamaicaDate(new Date(line.split(',')[1]!));
      expect(date >= day(from) && date <= day(to)).toBe(true);
    }
  });

  it('refuses an export over one month (400) or over 100 entries (422), with the spec texts', async () => {
    const tooLong = await get(
      `/api/account/v1/accounts/${kingston.wallet}/export?from=2026-01-01&to=2026-02-02`,
      admin,
    );
    expect(tooLong.statusCode).toBe(400);
    expect(JSON.stringify(tooLong.json().details)).toContain("The date range can't exceed 1 month.");
    const oneMonth = await get(
      `/api/account/v1/accounts/${kingston.wallet}/export?from=2026-01-31&to=2026-02-28`,
      admin,
    );
    expect(oneMonth.statusCode).toBe(200);

    const identity = (await get('/api/session', otherBranchAdmin)).json();
    const caller = { identity, ip: '127.0.0.1', rail: null };
    const move = {
      transfer_type: 'CASH_OUT',
      account_type: 'CBDC',
      account_id: montego.cbdc!,
      amount: 10,
    } as const;
    for (let i = 0; i < 101; i++) await createTransfer(t.database.db, caller, montego.wallet, move);
    const today = jamaicaDate(new Date());
    const tooMany = await get(
      `/api/account/v1/accounts/${montego.wallet}/export?from=${today}&to=${today}`,
      otherBranchAdmin,
    );
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toEqual({
      code: 'EXPORT_LIMIT',
      message: 'You can only export up to 100 entries. Apply filters to reduce the number of entries.',
    });
  });
});

describe('the audit trail', () => {
  const auditOf = (subject: string) =>
    t.database.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'organization_id', 'action', 'details'])
      .where('subject', '=', subject)
      .orderBy('id')
      .execute();

  it('records who moved how much for which branch, and what the bank did with it', async () => {
    const actor = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'admin.kingston@bluemountain.example')
      .executeTakeFirstOrThrow();
    const body = {
      transfer_type: 'CASH_OUT',
      account_type: 'BANK_ACCOUNT',
      account_id: kingston.failingBank,
      amount: 4_321,
    };
    const created = (await postTransfer(t.app, admin, kingston.wallet, body)).json().data;
    await advanceBankTransfer(t.database.db, null, created.transfer_id);
    await advanceBankTransfer(t.database.db, null, created.transfer_id);

    expect(await auditOf(created.transfer_id)).toEqual([
      {
        actor_user_id: actor.id,
        organization_id: 'org_1001',
        action: 'transfer.created',
        details: { direction: 'CASH_OUT', account_type: 'BANK_ACCOUNT', amount: 4_321, status: 'SCHEDULED' },
      },
      { actor_user_id: null, organization_id: 'org_1001', action: 'transfer.failed', details: {} },
    ]);
  });

  it('records nothing for a refused transfer', async () => {
    const before = await t.database.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const refused = await postTransfer(t.app, admin, kingston.wallet, {
      transfer_type: 'CASH_OUT',
      account_type: 'CBDC',
      account_id: kingston.cbdc,
      amount: 10 ** 13,
    });
    expect(refused.statusCode).toBe(422);
    const after = await t.database.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe('the ledger after all of the above', () => {
  it('balances every entry, keeps every balance equal to its postings and no wallet below zero', async () => {
    const invariants = await ledgerInvariants(t.database.db);
    expect(invariants).toMatchObject({
      unbalancedEntries: 0,
      balancesNotMatchingPostings: 0,
      negativeWallets: 0,
    });
    expect(invariants.totalsPerCurrency).toEqual({ JMD: 0n, 'JAM-DEX': 0n });
  });
});
