import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS } from '@lynk/contract/roles';
import { STEP_UP_MESSAGE } from '@lynk/contract/step-up';
import { balanceOf, branchAccounts, postTransfer } from '../test/accounts.ts';
import {
  createTestApp,
  follow,
  signAccessToken,
  signIn,
  submitForm,
  testClock,
  type FlowResult,
  type TestApp,
} from '../test/test-app.ts';
import { totpCode } from '../modules/identity/totp.ts';
import { DEMO_PASSWORD } from '../world/demo-seed.ts';
import { DEMO_TOTP_SECRET } from '../world/demo-two-factor.ts';

/** Step-up (ADR 030): money leaving and staff changes need a recent second factor, checked by the server. */

const ADMIN = 'admin.kingston@bluemountain.example';
const MANAGER = 'manager.kingston@bluemountain.example';
const MINUTE = 60_000;

let t: TestApp;
const clock = testClock();
let kingston: Awaited<ReturnType<typeof branchAccounts>>;

beforeAll(async () => {
  t = await createTestApp({
    now: clock.now,
    env: { SIGN_IN_ATTEMPTS_PER_ADDRESS: '1000', RATE_LIMIT_PER_MINUTE: '10000' },
  });
  kingston = await branchAccounts(t, 1001);
});
afterAll(async () => {
  await t.close();
});

const cashOut = (amount: number) => ({
  transfer_type: 'CASH_OUT',
  account_type: 'BANK_ACCOUNT',
  account_id: kingston.bank,
  amount,
});

/** 16 minutes on, the session kept alive on the way (it would end after 15 idle minutes). */
async function sixteenMinutesLater(flow: FlowResult) {
  clock.advance(10 * MINUTE);
  const alive = await t.app.inject({ url: '/api/session', headers: { cookie: flow.jar.header() } });
  expect(alive.statusCode).toBe(200);
  clock.advance(6 * MINUTE);
}

function expectStepUpRequired(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toEqual({ code: 'STEP_UP_REQUIRED', message: STEP_UP_MESSAGE });
}

const approve = (cookie: string, batchId = 999_999) =>
  t.app.inject({
    method: 'POST',
    url: `/api/payment/batch-payments/${batchId}/approve`,
    headers: { cookie, 'x-lynk-csrf': '1' },
    payload: { account_type: 'LYNK', account_id: kingston.wallet },
  });

describe('an admin', () => {
  it('moves money out within 15 minutes of the code, is refused after, and goes through after a step-up', async () => {
    const flow = await signIn(t.app, ADMIN, DEMO_PASSWORD);
    expect((await postTransfer(t.app, flow.jar.header(), kingston.wallet, cashOut(10_00))).statusCode).toBe(
      201,
    );

    await sixteenMinutesLater(flow);
    const before = await balanceOf(t, kingston.wallet);
    expectStepUpRequired(await postTransfer(t.app, flow.jar.header(), kingston.wallet, cashOut(10_00)));
    expect(await balanceOf(t, kingston.wallet)).toBe(before);
    // Money coming in from the bank leaves no wallet: no step-up.
    const cashIn = { ...cashOut(10_00), transfer_type: 'CASH_IN' };
    expect((await postTransfer(t.app, flow.jar.header(), kingston.wallet, cashIn)).statusCode).toBe(201);
    const oldSession = await t.database.db
      .selectFrom('sessions')
      .select('expires_at')
      .executeTakeFirstOrThrow();

    // The step-up asks only for a code (no password), then lands on the window's last page.
    const codePage = await follow(t.app, '/auth/step-up?returnTo=%2Fauth%2Fstep-up%2Fdone', flow.jar);
    expect(codePage.lastResponse.body).toContain('Moving money needs a fresh code');
    expect(codePage.lastResponse.body).not.toContain('name="password"');
    const done = await submitForm(t.app, codePage, { code: totpCode(DEMO_TOTP_SECRET, clock.now()) });
    expect(done.finalLocation).toBe('/auth/step-up/done');
    expect(done.lastResponse.body).toContain('You can close this window');

    expect((await postTransfer(t.app, done.jar.header(), kingston.wallet, cashOut(10_00))).statusCode).toBe(
      201,
    );
    // The cash-in waits for the bank rail; the cash-out leaves at once.
    expect(await balanceOf(t, kingston.wallet)).toBe(before - 10_00n);
    // The re-authorized session ends when the first one would have: a step-up buys no extra hours.
    const sessions = await t.database.db.selectFrom('sessions').select('expires_at').execute();
    expect(sessions.map((s) => s.expires_at.getTime())).toEqual([oldSession.expires_at.getTime()]);
  });

  it('approves a batch only with a second factor from the last 15 minutes', async () => {
    const flow = await signIn(t.app, ADMIN, DEMO_PASSWORD);
    // Fresh: past the step-up, the batch itself is looked up (there is no such batch).
    expect((await approve(flow.jar.header())).statusCode).toBe(404);
    await sixteenMinutesLater(flow);
    expectStepUpRequired(await approve(flow.jar.header()));
  });

  it('changes staff only with a second factor from the last 15 minutes, writing nothing otherwise', async () => {
    const flow = await signIn(t.app, ADMIN, DEMO_PASSWORD);
    const staff = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie: flow.jar.header(), 'x-lynk-csrf': '1' }, payload });
    // Fresh: past the step-up, the member itself is looked up (there is no such member).
    expect((await staff('DELETE', '/api/profile/v3/staff/999999')).statusCode).toBe(404);
    await sixteenMinutesLater(flow);
    const users = async () => (await t.database.db.selectFrom('users').select('id').execute()).length;
    const before = await users();
    const newCashier = {
      email: 'new.cashier@bluemountain.example',
      display_name: 'New Cashier',
      merchants: [{ merchant_id: 1001, role_id: 4, show_qr_display_name: false }],
    };
    expectStepUpRequired(await staff('POST', '/api/profile/v3/staff', newCashier));
    expectStepUpRequired(await staff('PATCH', '/api/profile/v3/staff/999999', { display_name: 'X' }));
    expectStepUpRequired(await staff('DELETE', '/api/profile/v3/staff/999999'));
    expect(await users()).toBe(before);
  });

  it('with a bearer token needs amr otp and a recent auth_time in the token', async () => {
    const user = await t.database.db
      .selectFrom('users')
      .select(['id', 'auth_id'])
      .where('email', '=', ADMIN)
      .executeTakeFirstOrThrow();
    const bearer = async (extra: Record<string, unknown>) =>
      `Bearer ${await signAccessToken(t, {
        user_id: user.id,
        authID: user.auth_id,
        role: 'Admin',
        role_id: 1,
        displayName: 'Andre Brown',
        email: ADMIN,
        org_id: 'org_1001',
        merchant_id: 1001,
        permissions: ROLE_PERMISSIONS[1],
        ...extra,
      })}`;
    const approveAs = async (authorization: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payment/batch-payments/999999/approve',
        headers: { authorization },
        payload: { account_type: 'LYNK', account_id: kingston.wallet },
      });
    const now = Math.floor(clock.now().getTime() / 1000);
    expect((await approveAs(await bearer({ auth_time: now, amr: ['pwd', 'otp'] }))).statusCode).toBe(404);
    expectStepUpRequired(await approveAs(await bearer({ auth_time: now, amr: ['pwd'] })));
    expectStepUpRequired(await approveAs(await bearer({ auth_time: now - 16 * 60, amr: ['pwd', 'otp'] })));
    expectStepUpRequired(await approveAs(await bearer({})));
  });
});

describe('a manager without an authenticator', () => {
  it('moves money out within 15 minutes of the password, and confirms the password again after', async () => {
    const flow = await signIn(t.app, MANAGER, DEMO_PASSWORD);
    const toJamDex = {
      transfer_type: 'CASH_OUT',
      account_type: 'CBDC',
      account_id: kingston.cbdc,
      amount: 5_00,
    };
    expect((await postTransfer(t.app, flow.jar.header(), kingston.wallet, toJamDex)).statusCode).toBe(201);

    await sixteenMinutesLater(flow);
    expectStepUpRequired(await postTransfer(t.app, flow.jar.header(), kingston.wallet, toJamDex));
    // JAM-DEX back to the main wallet takes money out of the JAM-DEX wallet: the same rule.
    const fromJamDex = { ...toJamDex, transfer_type: 'CASH_IN' };
    expectStepUpRequired(await postTransfer(t.app, flow.jar.header(), kingston.wallet, fromJamDex));
    const passwordPage = await follow(t.app, '/auth/step-up?returnTo=%2Fauth%2Fstep-up%2Fdone', flow.jar);
    expect(passwordPage.lastResponse.body).toContain('Moving money needs your password again.');
    const wrong = await submitForm(t.app, passwordPage, { password: 'not it' });
    expect(wrong.lastResponse.statusCode).toBe(401);
    const done = await submitForm(t.app, wrong, { password: DEMO_PASSWORD });
    expect(done.finalLocation).toBe('/auth/step-up/done');
    expect((await postTransfer(t.app, done.jar.header(), kingston.wallet, toJamDex)).statusCode).toBe(201);
  });
});
