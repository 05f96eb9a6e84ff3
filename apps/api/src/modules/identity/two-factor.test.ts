import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  follow,
  formAction,
  submitForm,
  testClock,
  type FlowResult,
  type TestApp,
  userIdOf,
} from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';
import { DEMO_TOTP_SECRET } from '../../world/demo-two-factor.ts';
import { hashToken } from '../../lib/token-hash.ts';
import { createTokenCipher } from '../../lib/token-cipher.ts';
import { totpCode } from './totp.ts';
import { ACR_TWO_FACTOR } from './two-factor-prompt.ts';

const ADMIN = 'admin.kingston@bluemountain.example';
const MONTEGO_ADMIN = 'admin.montego@bluemountain.example';
const MANAGER = 'manager.kingston@bluemountain.example';
const STEP_MS = 30_000;

let t: TestApp;
const clock = testClock();

beforeAll(async () => {
  // Every sign-in here comes from one address, many more a minute than the per-address limit allows.
  t = await createTestApp({
    now: clock.now,
    env: { SIGN_IN_ATTEMPTS_PER_ADDRESS: '1000', RATE_LIMIT_PER_MINUTE: '10000' },
  });
});
afterAll(async () => {
  await t.close();
});

/** Email and password on the real sign-in page: where the provider goes next. */
async function afterPassword(email: string): Promise<FlowResult> {
  return submitForm(t.app, await follow(t.app, '/auth/login?returnTo=%2F'), {
    email,
    password: DEMO_PASSWORD,
  });
}

const sessionCookie = (flow: FlowResult) => flow.jar.get('lynk_session');

/** The tokens the BFF keeps for a browser's session, opened as the server does. */
async function sessionTokens(flow: FlowResult) {
  const unsigned = t.app.unsignCookie(sessionCookie(flow)!);
  const idHash = hashToken(unsigned.value!);
  const row = await t.database.db
    .selectFrom('sessions')
    .selectAll()
    .where('id_hash', '=', idHash)
    .executeTakeFirstOrThrow();
  const cipher = createTokenCipher(t.secrets.sessionEncryptionKey);
  return {
    row,
    idToken: decodeJwt(cipher.open(row.id_token!, idHash)!),
    accessToken: decodeJwt(cipher.open(row.access_token, idHash)!),
  };
}

describe('signing in with a second factor', () => {
  it('asks an admin for a code after the password, refuses a wrong one, and signs in with amr pwd+otp', async () => {
    clock.advance(STEP_MS);
    const codePage = await afterPassword(ADMIN);
    expect(codePage.lastResponse.body).toContain('Two-step verification');
    expect(formAction(codePage, '/second-factor')).toBeDefined();
    expect(sessionCookie(codePage)).toBeUndefined();

    // The password cannot stand in for the code: the step-up's password form refuses an admin.
    const passwordAction = formAction(codePage)!.replace(/second-factor$/, 'password');
    const bypass = await t.app.inject({
      method: 'POST',
      url: passwordAction,
      headers: { cookie: codePage.jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ password: DEMO_PASSWORD }).toString(),
    });
    expect(bypass.statusCode).toBe(400);

    const wrong = await submitForm(t.app, codePage, { code: '000000' });
    expect(wrong.lastResponse.statusCode).toBe(401);
    expect(wrong.lastResponse.body).toContain('That code is not right.');
    expect(sessionCookie(wrong)).toBeUndefined();

    const signedIn = await submitForm(t.app, wrong, { code: totpCode(DEMO_TOTP_SECRET, clock.now()) });
    expect(signedIn.finalLocation).toBe('/');
    const { row, idToken, accessToken } = await sessionTokens(signedIn);
    expect(idToken.amr).toEqual(['pwd', 'otp']);
    expect(idToken.acr).toBe(ACR_TWO_FACTOR);
    expect(idToken.auth_time).toBe(Math.floor(clock.now().getTime() / 1000));
    expect(accessToken.amr).toEqual(['pwd', 'otp']);
    expect(row.second_factor_at?.getTime()).toBe(Math.floor(clock.now().getTime() / 1000) * 1000);
  });

  it('refuses a code already used, even in another sign-in, and takes the next one', async () => {
    clock.advance(STEP_MS);
    const code = totpCode(DEMO_TOTP_SECRET, clock.now());
    const first = await submitForm(t.app, await afterPassword(ADMIN), { code });
    expect(sessionCookie(first)).toBeDefined();

    const replayed = await submitForm(t.app, await afterPassword(ADMIN), { code });
    expect(replayed.lastResponse.statusCode).toBe(401);
    expect(replayed.lastResponse.body).toContain('That code has already been used.');
    expect(sessionCookie(replayed)).toBeUndefined();

    clock.advance(STEP_MS);
    const next = await submitForm(t.app, replayed, { code: totpCode(DEMO_TOTP_SECRET, clock.now()) });
    expect(sessionCookie(next)).toBeDefined();
  });

  it('asks a manager without an authenticator for the password only', async () => {
    const signedIn = await afterPassword(MANAGER);
    expect(signedIn.finalLocation).toBe('/');
    const { idToken, row } = await sessionTokens(signedIn);
    expect(idToken.amr).toEqual(['pwd']);
    expect(row.second_factor_at).toBeNull();
    expect(row.authenticated_at).not.toBeNull();
  });

  it('locks the second step after five wrong codes, even for the right code, like the password', async () => {
    clock.advance(STEP_MS);
    let flow = await afterPassword('superadmin@bluemountain.example');
    for (let i = 0; i < 5; i++) flow = await submitForm(t.app, flow, { code: '123456' });
    const locked = await submitForm(t.app, flow, { code: totpCode(DEMO_TOTP_SECRET, clock.now()) });
    expect(locked.lastResponse.statusCode).toBe(429);
    expect(locked.lastResponse.body).toContain('Too many wrong attempts.');
    expect(sessionCookie(locked)).toBeUndefined();
  });
});

describe('setting up two-step verification', () => {
  it('makes an admin without an authenticator set one up, shows recovery codes once, each usable once', async () => {
    await t.database.db
      .deleteFrom('two_factor_credentials')
      .where('user_id', '=', await userIdOf(t.database.db, MONTEGO_ADMIN))
      .execute();
    const setup = await afterPassword(MONTEGO_ADMIN);
    const body = setup.lastResponse.body;
    expect(body).toContain('Your role needs a second step at sign-in.');
    expect(body).toMatch(/<img class="qr" src="data:image\/png;base64,/);
    const secret = /<code class="secret" id="secret">([A-Z2-7 ]+)<\/code>/
      .exec(body)![1]!
      .replaceAll(' ', '');
    const stored = await t.database.db
      .selectFrom('two_factor_credentials')
      .select(['secret_sealed', 'confirmed_at'])
      .where('user_id', '=', await userIdOf(t.database.db, MONTEGO_ADMIN))
      .executeTakeFirstOrThrow();
    // Sealed at rest: the table never holds the secret the page shows.
    expect(stored.secret_sealed).not.toContain(secret);
    expect(stored.confirmed_at).toBeNull();

    const wrong = await submitForm(t.app, setup, { code: '000000' });
    expect(wrong.lastResponse.statusCode).toBe(401);
    expect(wrong.lastResponse.body).toContain(secret.slice(0, 4));

    clock.advance(STEP_MS);
    const codesPage = await submitForm(t.app, wrong, { code: totpCode(secret, clock.now()) });
    expect(codesPage.lastResponse.body).toContain('Save your recovery codes');
    const codes = [...codesPage.lastResponse.body.matchAll(/<li>([a-z2-9]{5}-[a-z2-9]{5})<\/li>/g)].map(
      (m) => m[1]!,
    );
    expect(codes).toHaveLength(10);
    const hashes = await t.database.db
      .selectFrom('two_factor_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', await userIdOf(t.database.db, MONTEGO_ADMIN))
      .execute();
    expect(hashes).toHaveLength(10);
    expect(hashes.map((h) => h.code_hash)).not.toContain(codes[0]);

    const continueHref = /<a class="button" href="([^"]+)"/.exec(codesPage.lastResponse.body)![1]!;
    const signedIn = await follow(t.app, new URL(continueHref).pathname, codesPage.jar);
    expect(signedIn.finalLocation).toBe('/');
    // The first code only confirms the new app, bound on the password alone: not a second factor.
    const { idToken, row } = await sessionTokens(signedIn);
    expect(idToken.amr).toEqual(['pwd']);
    expect(row.second_factor_at).toBeNull();

    // A recovery code instead of the app: once, and never again.
    const withRecovery = await submitForm(t.app, await afterPassword(MONTEGO_ADMIN), {
      code: codes[0]!.toUpperCase(),
    });
    expect(sessionCookie(withRecovery)).toBeDefined();
    const again = await submitForm(t.app, await afterPassword(MONTEGO_ADMIN), { code: codes[0]! });
    expect(again.lastResponse.statusCode).toBe(401);
    expect(sessionCookie(again)).toBeUndefined();
  });

  it('lets a manager set it up from the portal, after which their sign-in asks for a code', async () => {
    const signedIn = await afterPassword('manager.montego@bluemountain.example');
    const status = (flow: FlowResult) =>
      t.app.inject({ url: '/api/session/two-factor', headers: { cookie: flow.jar.header() } });
    expect((await status(signedIn)).json()).toEqual({ enabled: false });
    const gate = await follow(t.app, '/auth/two-factor?returnTo=%2Fprofile', signedIn.jar);
    expect(gate.lastResponse.body).toContain('Setting up two-step verification needs your password again.');
    const setup = await submitForm(t.app, gate, { password: DEMO_PASSWORD });
    expect(setup.lastResponse.body).toContain('Add a second step to your sign-in');
    const secret = /<code class="secret" id="secret">([A-Z2-7 ]+)<\/code>/
      .exec(setup.lastResponse.body)![1]!
      .replaceAll(' ', '');
    clock.advance(STEP_MS);
    const codesPage = await submitForm(t.app, setup, { code: totpCode(secret, clock.now()) });
    const continueHref = /<a class="button" href="([^"]+)"/.exec(codesPage.lastResponse.body)![1]!;
    const back = await follow(t.app, new URL(continueHref).pathname, codesPage.jar);
    expect(back.finalLocation).toBe('/profile');
    // On for the account, while this session stays a password one (no step-up from the set-up).
    expect((await sessionTokens(back)).row.second_factor_at).toBeNull();
    expect((await status(back)).json()).toEqual({ enabled: true });

    const next = await afterPassword('manager.montego@bluemountain.example');
    expect(formAction(next, '/second-factor')).toBeDefined();
  });
});
