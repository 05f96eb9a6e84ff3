import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, branchAccounts, postTransfer } from '../../test/accounts.ts';
import { expectSoundLedger } from '../../test/ledger.ts';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';

/** The low-balance threshold (PUT on the profile root) and the alert it drives (docs/decisions/027). */

let t: TestApp;
let admin: string;
let manager: string;
let kingston: Awaited<ReturnType<typeof branchAccounts>>;
const CSRF = { 'x-lynk-csrf': '1' };

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signIn(t.app, 'admin.kingston@bluemountain.example', DEMO_PASSWORD)).jar.header();
  manager = (await signIn(t.app, 'manager.kingston@bluemountain.example', DEMO_PASSWORD)).jar.header();
  kingston = await branchAccounts(t, 1001);
});
afterAll(async () => {
  await expectSoundLedger(t.database.db);
  await t.close();
});

const putThreshold = (cookie: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/profile',
    headers: { cookie, ...CSRF },
    payload: payload as object,
  });
const profile = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: admin } })).json();

/** Money out of or into the Kingston main wallet, through the JAM-DEX wallet (a real transfer). */
async function move(direction: 'out' | 'in', cents: number) {
  const response = await postTransfer(t.app, admin, kingston.wallet, {
    transfer_type: direction === 'out' ? 'CASH_OUT' : 'CASH_IN',
    account_type: 'CBDC',
    account_id: kingston.cbdc,
    amount: cents,
  });
  expect(response.statusCode).toBe(201);
}

const lowBalanceAlerts = () =>
  t.database.db
    .selectFrom('notifications')
    .select(['merchant_id', 'title', 'body', 'data'])
    .where('code', '=', 'LOW_BALANCE')
    .orderBy('id')
    .execute();

describe('PUT /api/profile (low_balance_threshold)', () => {
  it('stores a whole number of dollars for the caller’s merchant, with an audit row', async () => {
    const response = await putThreshold(admin, { low_balance_threshold: 2500 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ low_balance_threshold: 2500, low_balance_enabled: true });
    expect((await profile()).low_balance_threshold).toBe(2500);
    // Only the caller's own merchant: Montego Bay keeps its threshold.
    const montego = await t.database.db
      .selectFrom('merchants')
      .select('low_balance_threshold')
      .where('id', '=', 1002)
      .executeTakeFirstOrThrow();
    expect(montego.low_balance_threshold).toBe(5000);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['subject', 'details'])
      .where('action', '=', 'profile.low_balance_threshold.updated')
      .execute();
    expect(audit).toEqual([{ subject: '1001', details: { low_balance_threshold: 2500 } }]);
  });

  it.each([
    ['decimals', { low_balance_threshold: 10.5 }],
    ['a negative number', { low_balance_threshold: -1 }],
    ['a string', { low_balance_threshold: '100' }],
    ['too large a number', { low_balance_threshold: 1e12 }],
    ['nothing', {}],
    ['another field', { low_balance_threshold: 10, name: 'Renamed' }],
  ])('answers 400 to %s and changes nothing', async (_name, body) => {
    const response = await putThreshold(admin, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect((await profile()).low_balance_threshold).toBe(2500);
  });

  it('needs profile update (a manager is refused) and a session', async () => {
    expect((await putThreshold(manager, { low_balance_threshold: 1 })).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: CSRF,
      payload: { low_balance_threshold: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await profile()).low_balance_threshold).toBe(2500);
  });
});

describe('the LOW_BALANCE notification', () => {
  it('fires once per crossing below the threshold, and again only after the balance rose back', async () => {
    await t.database.db.deleteFrom('notifications').where('code', '=', 'LOW_BALANCE').execute();
    const balance = Number(await balanceOf(t, kingston.wallet));
    // The threshold sits just under the balance: J$1.00 out crosses it.
    const threshold = Math.floor(balance / 100) - 1;
    expect((await putThreshold(admin, { low_balance_threshold: threshold })).statusCode).toBe(200);
    const gap = balance - threshold * 100;

    await move('out', gap - 10); // still J$0.10 above: no alert
    expect(await lowBalanceAlerts()).toEqual([]);
    await move('out', 20); // crosses below
    expect(await lowBalanceAlerts()).toHaveLength(1);
    await move('out', 50); // further below: no new alert
    await move('in', 30); // up, still below
    await move('out', 10);
    expect(await lowBalanceAlerts()).toHaveLength(1);

    await move('in', 100); // back above the threshold
    expect(await lowBalanceAlerts()).toHaveLength(1);
    await move('out', 100); // and below again: a second alert
    const alerts = await lowBalanceAlerts();
    expect(alerts).toHaveLength(2);
    expect(alerts[0]).toEqual({
      merchant_id: 1001,
      title: 'Low balance',
      body: expect.stringMatching(
        /^Your main wallet balance is J\$[\d,]+\.\d{2}, below your low balance threshold of J\$[\d,]+\.$/,
      ),
      data: expect.objectContaining({
        lynkRouteRedirect: '/1001/lynk-wallet',
        low_balance_threshold: threshold,
      }),
    });

    // The staff see it in their inbox, in the transaction group.
    const inbox = await t.app.inject({
      method: 'GET',
      url: '/api/profile/notifications?group=TRANSACTION&limit=1',
      headers: { cookie: manager },
    });
    expect(inbox.json().result[0]).toMatchObject({ code: 'LOW_BALANCE', title: 'Low balance', read: false });
  });

  it('does not fire while LOW_BALANCE is switched off', async () => {
    await t.database.db.deleteFrom('notifications').where('code', '=', 'LOW_BALANCE').execute();
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/notifications-preferences',
      headers: { cookie: admin, ...CSRF },
      payload: { notification_preferences: [{ code: 'LOW_BALANCE', enabled: false }] },
    });
    expect(off.statusCode).toBe(200);
    const balance = Number(await balanceOf(t, kingston.wallet));
    await putThreshold(admin, { low_balance_threshold: Math.floor(balance / 100) });
    await move('out', 200);
    expect(await lowBalanceAlerts()).toEqual([]);
  });
});
