import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSoundLedger } from '../../test/ledger.ts';
import { balanceOf, branchAccounts, postTransfer } from '../../test/accounts.ts';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';
import { jamaicaDate } from '../ledger/jamaica-time.ts';
import { makeTransfer } from './transfer-service.ts';

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

  it('refuses to take money from a beneficiary, even for an admin, and moves nothing', async () => {
    const before = await balanceOf(t, kingston.wallet);
    const response = await postTransfer(t.app, admin, kingston.wallet, {
      transfer_type: 'CASH_IN',
      account_type: 'BENEFICIARY',
      account_id: kingston.beneficiary,
      amount: 100,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: 'NOT_FOUND',
      message: 'Money cannot be taken from a beneficiary.',
    });
    expect(await balanceOf(t, kingston.wallet)).toBe(before);
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
    const caller = { identity, ip: '127.0.0.1', now: new Date(), railStepSeconds: null };
    const move = {
      transfer_type: 'CASH_OUT',
      account_type: 'CBDC',
      account_id: montego.cbdc!,
      amount: 10,
    } as const;
    for (let i = 0; i < 101; i++) await makeTransfer(t.app.ledger, caller, montego.wallet, move);
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

describe('the ledger after all of the above', () => {
  it('balances every entry, keeps every balance equal to its postings and no wallet below zero', async () => {
    await expectSoundLedger(t.database.db);
  });
});
