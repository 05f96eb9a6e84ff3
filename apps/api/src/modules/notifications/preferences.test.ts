import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES } from '@lynk/contract/messages';
import { NOTIFICATION_PREFERENCE_CODES } from '@lynk/contract/notifications';
import type { SessionIdentity } from '@lynk/contract/session';
import { newKey } from '../../test/accounts.ts';
import { createBatchPayees } from '../../test/batch-world.ts';
import { createPayLink, payPayLink, signInCustomer } from '../../test/pay-links.ts';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { createConsumer } from '../../world/consumers.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';
import { validateBatch } from '../batches/jobs.ts';
import { hashPassword } from '../identity/passwords.ts';
import { updatePreferences } from './preferences-service.ts';

/** The merchant's notification switches, and the events that obey them (docs/decisions/027). */

let t: TestApp;
let admin: string;
let manager: string;
let cashier: string;
let noAccess: string;
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
  noAccess = await cookie('noaccess@bluemountain.example');
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
const FORBIDDEN = { code: 'FORBIDDEN', message: PRODUCT_MESSAGES.forbidden };
const auditRows = () =>
  t.database.db
    .selectFrom('audit_log')
    .select(['actor_user_id', 'subject', 'details'])
    .where('action', '=', 'notification_preferences.updated')
    .orderBy('id')
    .execute();
const identityOf = async (cookie: string): Promise<SessionIdentity> =>
  (await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })).json();
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
  expect(await validateBatch(t.database.db, id, new Date())).toBe('VALIDATED');
  const requested = await t.app.inject({
    method: 'POST',
    url: `/api/payment/batch-payments/${id}/request`,
    headers: { cookie: manager, ...CSRF, 'idempotency-key': newKey() },
  });
  expect(requested.statusCode).toBe(200);
}

describe('GET notifications-preferences', () => {
  it('lists every code with its name, all on at first, to whoever reads every notification', async () => {
    for (const cookie of [admin, manager]) {
      const response = await get(cookie);
      expect(response.statusCode).toBe(200);
      const list = response.json().notification_preferences;
      expect(list.map((p: { code: string }) => p.code)).toEqual([...NOTIFICATION_PREFERENCE_CODES]);
      expect(list[0]).toEqual({
        code: 'PAYMENT_RECEIVED',
        name: 'Payment received',
        enabled: true,
        editable: true,
      });
      expect(list.every((p: { enabled: boolean; editable: boolean }) => p.enabled && p.editable)).toBe(true);
    }
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  });

  it('lists only the codes the caller may read: a cashier payments, the no-permission role none', async () => {
    // A cashier reads the payments of their own orders, not the balance or batch payments.
    expect(await enabledOf(cashier)).toEqual({ PAYMENT_RECEIVED: true });
    // …and sees its switch, which holds for the whole merchant, as one they may not change.
    expect((await get(cashier)).json().notification_preferences).toEqual([
      { code: 'PAYMENT_RECEIVED', name: 'Payment received', enabled: true, editable: false },
    ]);
    const none = await get(noAccess);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ notification_preferences: [] });
  });
});

describe('PUT notifications-preferences', () => {
  it('refuses a code the caller does not read in full, writing nothing: a cashier, the no-permission role, no session', async () => {
    const off = (code: string) => ({ notification_preferences: [{ code, enabled: false }] });
    // A cashier reads only their own orders' payments: not theirs to silence for every colleague.
    for (const code of ['PAYMENT_RECEIVED', 'LOW_BALANCE', 'BATCH_DISBURSE_FUNDS_TO_APPROVE']) {
      const response = await put(cashier, off(code));
      expect(response.statusCode, code).toBe(403);
      expect(response.json()).toEqual(FORBIDDEN);
    }
    for (const code of NOTIFICATION_PREFERENCE_CODES) {
      const response = await put(noAccess, off(code));
      expect(response.statusCode, code).toBe(403);
      expect(response.json()).toEqual(FORBIDDEN);
    }
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: URL,
      headers: CSRF,
      payload: off('PAYMENT_RECEIVED'),
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(Object.values(await enabledOf(admin)).every(Boolean)).toBe(true);
    expect(await auditRows()).toEqual([]);
  });

  it("refuses the whole request when one code is not the caller's, and writes none of the others", async () => {
    // A manager's permissions without the balance: the payment is theirs to switch, LOW_BALANCE not.
    const manager_ = await identityOf(manager);
    const noBalance = { ...manager_, permissions: manager_.permissions.filter((p) => p !== 'read:balance') };
    const body = {
      notification_preferences: [
        { code: 'PAYMENT_RECEIVED' as const, enabled: false },
        { code: 'LOW_BALANCE' as const, enabled: false },
      ],
    };
    await expect(updatePreferences(t.database.db, noBalance, body, new Date())).rejects.toMatchObject({
      statusCode: 403,
      code: 'FORBIDDEN',
    });
    expect(Object.values(await enabledOf(admin)).every(Boolean)).toBe(true);
    expect(await auditRows()).toEqual([]);
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
      editable: true,
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

  it('lets a manager (no profile update) switch payments, the low balance and batch codes, with an audit row', async () => {
    const before = await enabledOf(admin);
    const changes = [
      { code: 'PAYMENT_RECEIVED', enabled: !before.PAYMENT_RECEIVED },
      { code: 'LOW_BALANCE', enabled: !before.LOW_BALANCE },
      { code: 'BATCH_DISBURSE_FUNDS_APPROVED', enabled: !before.BATCH_DISBURSE_FUNDS_APPROVED },
    ];
    const response = await put(manager, { notification_preferences: changes });
    expect(response.statusCode).toBe(200);
    const switched = Object.fromEntries(changes.map((c) => [c.code, c.enabled]));
    expect(await enabledOf(admin)).toEqual({ ...before, ...switched });
    const managerId = Number((await identityOf(manager)).id);
    expect((await auditRows()).filter((row) => row.actor_user_id === managerId)).toEqual([
      { actor_user_id: managerId, subject: '1001', details: { changes } },
    ]);
    // As they were, for the tests after this one.
    const restore = changes.map((c) => ({ code: c.code, enabled: !c.enabled }));
    expect((await put(manager, { notification_preferences: restore })).statusCode).toBe(200);
    expect(await enabledOf(admin)).toEqual(before);
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
