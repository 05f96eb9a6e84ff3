import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@lynk/contract/messages';
import { branchAccounts } from '../../test/accounts.ts';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';
import { addDays, jamaicaDate } from '../ledger/jamaica-time.ts';

let t: TestApp;
const signedIn = async (email: string) => (await signIn(t.app, email, DEMO_PASSWORD)).jar.header();
const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const ACCOUNTS = '/api/account/v1/accounts';
/** The demo beneficiary's full account number, as stored: it must never leave the server. */
const FULL_NUMBER = '001-234-567';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the accounts list', () => {
  it('refuses a signed-in user without any wallet permission (403)', async () => {
    const response = await get(ACCOUNTS, await signedIn('noaccess@bluemountain.example'));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('answers a cashier, whose JAM-DEX payments tab needs the wallet reference', async () => {
    const response = await get(ACCOUNTS, await signedIn('cashier.kingston@bluemountain.example'));
    expect(response.statusCode).toBe(200);
    expect(response.json().result.map((a: { type: string }) => a.type)).toContain('CBDC');
  });

  it("shows a beneficiary's account number masked to its last four digits, and never in full", async () => {
    for (const email of ['admin.kingston@bluemountain.example', 'manager.montego@bluemountain.example']) {
      const response = await get(ACCOUNTS, await signedIn(email));
      expect(response.statusCode).toBe(200);
      const beneficiary = response.json().result.find((a: { type: string }) => a.type === 'BENEFICIARY');
      expect(beneficiary.details.account_number).toBe('****4567');
      expect(response.body).not.toContain(FULL_NUMBER);
      expect(response.body).not.toContain(FULL_NUMBER.replaceAll('-', ''));
    }
  });
});

describe('the account export dates', () => {
  const exportUrl = (wallet: number, from: string, to: string) =>
    `/api/account/v1/accounts/${wallet}/export?from=${from}&to=${to}`;

  it("refuses a future date with 400 and the spec's text", async () => {
    const admin = await signedIn('admin.kingston@bluemountain.example');
    const { wallet } = await branchAccounts(t, 1001);
    const today = jamaicaDate(new Date());
    const tomorrow = addDays(today, 1);
    for (const [from, to] of [
      [today, tomorrow],
      [tomorrow, tomorrow],
    ] as const) {
      const response = await get(exportUrl(wallet, from, to), admin);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'DATE_RANGE_INVALID', message: MESSAGES.dateRange.future });
    }
    expect((await get(exportUrl(wallet, today, today), admin)).statusCode).toBe(200);
  });

  it('refuses dates before 2000-01-01 with 400 and accepts that day itself', async () => {
    const admin = await signedIn('admin.kingston@bluemountain.example');
    const { wallet } = await branchAccounts(t, 1001);
    const before = await get(exportUrl(wallet, '1999-12-31', '2000-01-15'), admin);
    expect(before.statusCode).toBe(400);
    expect(before.json()).toEqual({
      code: 'DATE_RANGE_INVALID',
      message: 'Dates before 01/01/2000 are not allowed.',
    });
    expect((await get(exportUrl(wallet, '2000-01-01', '2000-01-15'), admin)).statusCode).toBe(200);
  });
});
