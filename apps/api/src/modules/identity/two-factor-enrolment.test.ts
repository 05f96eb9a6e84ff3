import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STEP_UP_MESSAGE } from '@lynk/contract/step-up';
import { branchAccounts, postTransfer } from '../../test/accounts.ts';
import {
  createTestApp,
  follow,
  formAction,
  signIn,
  submitForm,
  testClock,
  type FlowResult,
  type TestApp,
} from '../../test/test-app.ts';
import { sessionIdHash } from '../session/service.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';
import { totpCode } from './totp.ts';

/**
 * Setting up a second factor from a live session (ADR 030, security review finding 4): the
 * password first, before any setup key is shown or stored, and the set-up is never a step-up.
 */

const MANAGER = 'manager.kingston@bluemountain.example';
const OTHER_MANAGER = 'manager.ochorios@bluemountain.example';
const MONTEGO_ADMIN = 'admin.montego@bluemountain.example';
const SET_UP = '/auth/two-factor?returnTo=%2Fprofile';
const STEP_UP = '/auth/step-up?returnTo=%2Fauth%2Fstep-up%2Fdone';
const MINUTE = 60_000;
const STEP_MS = 30_000;
const SETUP_KEY = /<code class="secret" id="secret">([A-Z2-7 ]+)<\/code>/;

let t: TestApp;
const clock = testClock();
let kingston: Awaited<ReturnType<typeof branchAccounts>>;
let montego: Awaited<ReturnType<typeof branchAccounts>>;

beforeAll(async () => {
  t = await createTestApp({
    now: clock.now,
    env: { SIGN_IN_ATTEMPTS_PER_ADDRESS: '1000', RATE_LIMIT_PER_MINUTE: '10000' },
  });
  kingston = await branchAccounts(t, 1001);
  montego = await branchAccounts(t, 1002);
});
afterAll(async () => {
  await t.close();
});

async function credentialOf(email: string) {
  return t.database.db
    .selectFrom('two_factor_credentials as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.confirmed_at'])
    .where('u.email', '=', email)
    .executeTakeFirst();
}

async function failedSignIns(email: string) {
  const rows = await t.database.db
    .selectFrom('audit_log')
    .select('id')
    .where('action', '=', 'auth.login_failed')
    .where('subject', '=', email)
    .execute();
  return rows.length;
}

/** The BFF's row for a browser's session. */
async function sessionOf(flow: FlowResult) {
  const id = t.app.unsignCookie(flow.jar.get('lynk_session')!).value!;
  return t.database.db
    .selectFrom('sessions')
    .select(['authenticated_at', 'second_factor_at'])
    .where('id_hash', '=', sessionIdHash(id))
    .executeTakeFirstOrThrow();
}

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

const cashOut = (flow: FlowResult) =>
  postTransfer(t.app, flow.jar.header(), kingston.wallet, {
    transfer_type: 'CASH_OUT',
    account_type: 'BANK_ACCOUNT',
    account_id: kingston.bank,
    amount: 10_00,
  });

const setupKeyOf = (flow: FlowResult) => SETUP_KEY.exec(flow.lastResponse.body)![1]!.replaceAll(' ', '');

/** The recovery codes page's link, followed: the portal again. */
async function continueFrom(codesPage: FlowResult) {
  const href = /<a class="button" href="([^"]+)"/.exec(codesPage.lastResponse.body)![1]!;
  return follow(t.app, new URL(href).pathname, codesPage.jar);
}

describe('setting up two-step verification from a live session', () => {
  it('asks an idle manager for the password before any setup key, and the set-up is no step-up', async () => {
    const flow = await signIn(t.app, MANAGER, DEMO_PASSWORD);
    await sixteenMinutesLater(flow);
    expectStepUpRequired(await cashOut(flow));

    const gate = await follow(t.app, SET_UP, flow.jar);
    expect(gate.lastResponse.statusCode).toBe(200);
    expect(gate.lastResponse.body).toContain('Setting up two-step verification needs your password again.');
    expect(gate.lastResponse.body).not.toMatch(SETUP_KEY);
    expect(gate.lastResponse.body).not.toContain('class="qr"');
    expect(await credentialOf(MANAGER)).toBeUndefined();

    // The set-up form posted straight away, past the password, is refused and stores nothing.
    const skipped = await t.app.inject({
      method: 'POST',
      url: formAction(gate, '/password')!.replace(/password$/, 'enrol'),
      headers: { cookie: gate.jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ code: '123456' }).toString(),
    });
    expect(skipped.statusCode).toBe(400);
    expect(skipped.body).not.toMatch(SETUP_KEY);
    expect(await credentialOf(MANAGER)).toBeUndefined();

    const setup = await submitForm(t.app, gate, { email: MANAGER, password: DEMO_PASSWORD });
    expect(setup.lastResponse.body).toContain('Add a second step to your sign-in');
    const secret = setupKeyOf(setup);
    clock.advance(STEP_MS);
    const back = await continueFrom(await submitForm(t.app, setup, { code: totpCode(secret, clock.now()) }));
    expect(back.finalLocation).toBe('/profile');
    expect((await credentialOf(MANAGER))?.confirmed_at).not.toBeNull();
    const status = await t.app.inject({
      url: '/api/session/two-factor',
      headers: { cookie: back.jar.header() },
    });
    expect(status.json()).toEqual({ enabled: true });

    // A password and an app bound by that password alone: no fresh second factor, no money out.
    expect((await sessionOf(back)).second_factor_at).toBeNull();
    expectStepUpRequired(await cashOut(back));

    // A real step-up now asks for a code from the new app (not the password), then money moves.
    const codePage = await follow(t.app, STEP_UP, back.jar);
    expect(codePage.lastResponse.body).toContain('Moving money needs a fresh code');
    expect(codePage.lastResponse.body).not.toContain('name="password"');
    clock.advance(STEP_MS);
    const done = await submitForm(t.app, codePage, { code: totpCode(secret, clock.now()) });
    expect(done.finalLocation).toBe('/auth/step-up/done');
    expect((await cashOut(done)).statusCode).toBe(201);
  });

  it('refuses a wrong password before the set-up, counted per account and per address like a sign-in', async () => {
    const flow = await signIn(t.app, OTHER_MANAGER, DEMO_PASSWORD);
    let gate = await follow(t.app, SET_UP, flow.jar);
    const failuresBefore = await failedSignIns(OTHER_MANAGER);

    const wrong = await submitForm(t.app, gate, { email: OTHER_MANAGER, password: 'not it' });
    expect(wrong.lastResponse.statusCode).toBe(401);
    expect(wrong.lastResponse.body).toContain('The password is incorrect.');
    expect(wrong.lastResponse.body).not.toMatch(SETUP_KEY);
    expect(await failedSignIns(OTHER_MANAGER)).toBe(failuresBefore + 1);

    gate = wrong;
    for (let i = 0; i < 4; i++)
      gate = await submitForm(t.app, gate, { email: OTHER_MANAGER, password: 'no' });
    const locked = await submitForm(t.app, gate, { email: OTHER_MANAGER, password: DEMO_PASSWORD });
    expect(locked.lastResponse.statusCode).toBe(429);
    expect(locked.lastResponse.headers['retry-after']).toBeDefined();
    expect(locked.lastResponse.body).toContain('Too many wrong attempts.');
    expect(locked.lastResponse.body).not.toMatch(SETUP_KEY);
    expect(await credentialOf(OTHER_MANAGER)).toBeUndefined();

    // The same lock-out as the sign-in page's: the account, whatever the form.
    const signInPage = await follow(t.app, '/auth/login?returnTo=%2F');
    const refused = await submitForm(t.app, signInPage, { email: OTHER_MANAGER, password: DEMO_PASSWORD });
    expect(refused.lastResponse.statusCode).toBe(429);

    // And the sign-in form's limits per address (and email): at most ten tries a minute.
    const answers: number[] = [];
    for (let i = 0; i < 10; i++) {
      const posted = await t.app.inject({
        method: 'POST',
        url: formAction(locked, '/password')!,
        headers: { cookie: locked.jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ email: OTHER_MANAGER, password: 'guess' }).toString(),
      });
      answers.push(posted.statusCode);
      // The account's lock-out answers first; the form's own limit then, with the page again.
      if (posted.body.includes('Too many sign-in attempts.')) {
        expect(posted.headers['content-type']).toMatch(/^text\/html/);
        expect(posted.body).toContain('name="password"');
        expect(posted.body).not.toMatch(SETUP_KEY);
        break;
      }
    }
    expect(answers.at(-1)).toBe(429);
    expect(answers.length).toBeLessThan(10);
  });

  it('lets an admin without an authenticator set one up at sign-in without a second password, with no step-up', async () => {
    await t.database.db
      .deleteFrom('two_factor_credentials')
      .where('user_id', 'in', (eb) => eb.selectFrom('users').select('id').where('email', '=', MONTEGO_ADMIN))
      .execute();
    const signInPage = await follow(t.app, '/auth/login?returnTo=%2F');
    const setup = await submitForm(t.app, signInPage, { email: MONTEGO_ADMIN, password: DEMO_PASSWORD });
    expect(setup.lastResponse.body).toContain('Your role needs a second step at sign-in.');
    expect(setup.lastResponse.body).not.toContain('name="password"');
    const secret = setupKeyOf(setup);
    clock.advance(STEP_MS);
    const signedIn = await continueFrom(
      await submitForm(t.app, setup, { code: totpCode(secret, clock.now()) }),
    );
    expect(signedIn.finalLocation).toBe('/');
    expect((await sessionOf(signedIn)).second_factor_at).toBeNull();

    const approve = (flow: FlowResult) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payment/batch-payments/999999/approve',
        headers: { cookie: flow.jar.header(), 'x-lynk-csrf': '1' },
        payload: { account_type: 'LYNK', account_id: montego.wallet },
      });
    expectStepUpRequired(await approve(signedIn));
    const codePage = await follow(t.app, STEP_UP, signedIn.jar);
    expect(codePage.lastResponse.body).toContain('Moving money needs a fresh code');
    clock.advance(STEP_MS);
    const done = await submitForm(t.app, codePage, { code: totpCode(secret, clock.now()) });
    expect(done.finalLocation).toBe('/auth/step-up/done');
    // Past the step-up: the batch itself is looked up (there is no such batch).
    expect((await approve(done)).statusCode).toBe(404);
  });
});
