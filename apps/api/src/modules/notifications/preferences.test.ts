import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_PREFERENCE_CODES } from '@lynk/contract/notifications';
import { newKey } from '../../test/accounts.ts';
import { createBatchPayees } from '../../test/batch-world.ts';
import { createPayLink, payPayLink, signInCustomer } from '../../test/pay-links.ts';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { createConsumer } from '../../world/consumers.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';
import { validateBatch } from '../batches/jobs.ts';
import { hashPassword } from '../identity/passwords.ts';

/** The merchant's notification switches, and the events that obey them (docs/decisions/027). */

let t: TestApp;
let admin: string;
let manager: string;
let cashier: string;
let otherAdmin: string;
const CSRF = { 'x-lynk-csrf': '1' };
const URL = '/api/profile/notifications-preferences';
const CUSTOMER = { email: 'prefs.payer@customers.example', password: 'Customer!2026' };

beforeAll(async () => {
  t = await createTestApp();
  const cookie = async (email: string) => (await signIn(t.app, email, DEMO_PASSWORD)).jar.header();
  admin = await cookie('admin.kingston@bluemountain.example');
  manager = await cookie('manager.kingston@bluemountain.example');
  cashier = await cookie('cashier.kingston@bluemountain.example');
  otherAdmin = await cookie('admin.montego@bluemountain.example');
  await createConsumer(t.database.db, t.app.ledger, {
    handle: '@payer.prefs',
    email: CUSTOMER.email,
    displayName: 'Pref Payer',
    passwordHash: await hashPassword(CUSTOMER.password),
    balance: 10_000_00n,
    at: new Date(),
  });
  await createBatchPayees(t.database.db, 'prefs', 3);
});
afterAll(async () => {
  await t.close();
});

const get = (cookie: string) => t.app.inject({ method: 'GET', url: URL, headers: { cookie } });
const put = (cookie: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: URL, headers: { cookie, ...CSRF }, payload: payload as object });
const enabledOf = async (cookie: string) =>
  Object.fromEntries(
    (await get(cookie))
      .json()
      .notification_preferences.map((p: { code: string; enabled: boolean }) => [p.code, p.enabled]),
  );
const countOf = async (merchantId: number, code: string) =>
  Number(
    (
      await t.database.db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('merchant_id', '=', merchantId)
        .where('code', '=', code)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A customer pays a new J$10 pay link of the Kingston branch. */
async function payALink() {
  const link = await createPayLink(t.app, manager, { amount: 10_00, description: 'Coffee' });
  const { cookie } = await signInCustomer(t.app, CUSTOMER);
  const paid = await payPayLink(t.app, link.code, cookie);
  expect(paid.statusCode).toBe(200);
}

/** A manager sends a new validated batch for approval. */
async function requestApproval() {
  const csv = Buffer.from('lynk_id,amount\nprefs.1,10.00\n').toString('base64');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/payment/batch-payments',
    headers: { cookie: manager, ...CSRF, 'idempotency-key': newKey() },
    payload: { merchant_id: 1001, name: 'Prefs', csv },
  });
  const id = created.json().data.id as number;
  expect(await validateBatch(t.database.db, id)).toBe('VALIDATED');
  const requested = await t.app.inject({
    method: 'POST',
    url: `/api/payment/batch-payments/${id}/request`,
    headers: { cookie: manager, ...CSRF, 'idempotency-key': newKey() },
  });
  expect(requested.statusCode).toBe(200);
}

describe('GET notifications-preferences', () => {
  it('lists every code with its name, all on at first; a cashier sees no batch payment codes', async () => {
    const response = await get(admin);
    expect(response.statusCode).toBe(200);
    const list = response.json().notification_preferences;
    expect(list.map((p: { code: string }) => p.code)).toEqual([...NOTIFICATION_PREFERENCE_CODES]);
    expect(list[0]).toEqual({ code: 'PAYMENT_RECEIVED', name: 'Payment received', enabled: true });
    expect(list.every((p: { enabled: boolean }) => p.enabled)).toBe(true);
    expect(await enabledOf(cashier)).toEqual({ PAYMENT_RECEIVED: true, LOW_BALANCE: true });
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  });
});

describe('PUT notifications-preferences', () => {
  it('needs profile update: a manager and a cashier are refused, and nothing changes', async () => {
    const off = { notification_preferences: [{ code: 'PAYMENT_RECEIVED', enabled: false }] };
    expect((await put(manager, off)).statusCode).toBe(403);
    expect((await put(cashier, off)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: URL, headers: CSRF, payload: off })).statusCode).toBe(
      401,
    );
    expect((await enabledOf(admin)).PAYMENT_RECEIVED).toBe(true);
  });

  it.each([
    ['an unknown code', { notification_preferences: [{ code: 'NOPE', enabled: false }] }],
    [
      'a code twice',
      {
        notification_preferences: [
          { code: 'LOW_BALANCE', enabled: false },
          { code: 'LOW_BALANCE', enabled: true },
        ],
      },
    ],
    ['an empty list', { notification_preferences: [] }],
    ['a non-boolean switch', { notification_preferences: [{ code: 'LOW_BALANCE', enabled: 'no' }] }],
    [
      'an unknown field',
      { notification_preferences: [{ code: 'LOW_BALANCE', enabled: false }], merchant_id: 1002 },
    ],
    ['no list', {}],
  ])('answers 400 to %s and writes nothing', async (_name, body) => {
    const response = await put(admin, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect(Object.values(await enabledOf(admin)).every(Boolean)).toBe(true);
  });

  it("switches codes off for the caller's merchant only, with an audit row", async () => {
    const response = await put(admin, {
      notification_preferences: [
        { code: 'PAYMENT_RECEIVED', name: 'Payment received', enabled: false },
        { code: 'BATCH_DISBURSE_FUNDS_TO_APPROVE', enabled: false },
        { code: 'LOW_BALANCE', enabled: false },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().notification_preferences).toContainEqual({
      code: 'PAYMENT_RECEIVED',
      name: 'Payment received',
      enabled: false,
    });
    expect(await enabledOf(admin)).toMatchObject({
      PAYMENT_RECEIVED: false,
      BATCH_DISBURSE_FUNDS_TO_APPROVE: false,
      LOW_BALANCE: false,
      BATCH_DISBURSE_FUNDS_APPROVED: true,
    });
    // The profile's low_balance_enabled is the LOW_BALANCE switch.
    const profile = await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: admin } });
    expect(profile.json().low_balance_enabled).toBe(false);
    expect(Object.values(await enabledOf(otherAdmin)).every(Boolean)).toBe(true);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'subject'])
      .where('action', '=', 'notification_preferences.updated')
      .execute();
    expect(audit).toEqual([{ action: 'notification_preferences.updated', subject: '1001' }]);
  });
});

describe('domain events respect the preferences', () => {
  it('a payment received while PAYMENT_RECEIVED is off writes no notification; switched on again, it does', async () => {
    await put(admin, { notification_preferences: [{ code: 'PAYMENT_RECEIVED', enabled: false }] });
    const before = await countOf(1001, 'PAYMENT_RECEIVED');
    await payALink();
    expect(await countOf(1001, 'PAYMENT_RECEIVED')).toBe(before);
    await put(admin, { notification_preferences: [{ code: 'PAYMENT_RECEIVED', enabled: true }] });
    await payALink();
    expect(await countOf(1001, 'PAYMENT_RECEIVED')).toBe(before + 1);
  });

  it('a batch sent for approval while BATCH_DISBURSE_FUNDS_TO_APPROVE is off writes no notification', async () => {
    await put(admin, {
      notification_preferences: [{ code: 'BATCH_DISBURSE_FUNDS_TO_APPROVE', enabled: false }],
    });
    const before = await countOf(1001, 'BATCH_DISBURSE_FUNDS_TO_APPROVE');
    await requestApproval();
    expect(await countOf(1001, 'BATCH_DISBURSE_FUNDS_TO_APPROVE')).toBe(before);
    await put(admin, {
      notification_preferences: [{ code: 'BATCH_DISBURSE_FUNDS_TO_APPROVE', enabled: true }],
    });
    await requestApproval();
    expect(await countOf(1001, 'BATCH_DISBURSE_FUNDS_TO_APPROVE')).toBe(before + 1);
  });
});
