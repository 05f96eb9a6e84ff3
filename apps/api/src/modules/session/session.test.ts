import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@lynk/contract/session';
import { CASHIER_CLAIMS, signAccessToken } from '../../test/access-tokens.ts';
import { createTestApp, signIn, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';
import { purgeExpired } from '../maintenance/jobs.ts';
import { createTokenCipher } from '../../lib/token-cipher.ts';

const CASHIER = 'cashier.kingston@bluemountain.example';
const SUPER_ADMIN = 'superadmin@bluemountain.example';
const AUDIENCE = 'https://api.lynk.portal';
const ISSUER = `${TEST_PUBLIC_URL}/oidc`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const session = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });

describe('GET /api/session', () => {
  it('answers 401 with the spec message without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/session' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'User not authenticated' });
  });

  it('signs a cashier in through the provider and answers the identity from the token claims', async () => {
    const flow = await signIn(t.app, CASHIER, DEMO_PASSWORD, { returnTo: '/1001/lynk-wallet' });
    expect(flow.finalLocation).toBe('/1001/lynk-wallet');
    const cookie = flow.jar.get('lynk_session');
    expect(cookie).toBeTruthy();
    const response = await session(flow.jar.header());
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({
      authID: 'lynk|demo-cashier.kingston',
      role: 'Cashier',
      role_id: 3,
      displayName: 'Jodi Henry',
      org_id: 'org_1001',
      merchant_id: 1001,
      permissions: ['read:owned-orders', 'create:orders', 'read:profile'],
    });
  });

  it('refuses a wrong password on the sign-in page and opens no session', async () => {
    const flow = await signIn(t.app, CASHIER, 'not-the-password');
    expect(flow.lastResponse.statusCode).toBe(401);
    expect(flow.lastResponse.body).toContain('The email or password is incorrect.');
    expect(flow.jar.get('lynk_session')).toBeUndefined();
  });

  it('lands a super admin on the parent organization and switches branch without a password', async () => {
    const flow = await signIn(t.app, SUPER_ADMIN, DEMO_PASSWORD);
    expect((await session(flow.jar.header())).json()).toMatchObject({
      org_id: 'org_1000',
      role: 'Super Administrator',
    });

    const { follow } = await import('../../test/test-app.ts');
    const switched = await follow(t.app, '/auth/login?org=org_1002&returnTo=%2F1002%2Flynk-wallet', flow.jar);
    expect(switched.finalLocation).toBe('/1002/lynk-wallet');
    expect((await session(switched.jar.header())).json()).toMatchObject({
      org_id: 'org_1002',
      merchant_id: 1002,
    });
  });

  it("refuses a branch A user asking for branch B's organization", async () => {
    const flow = await signIn(t.app, CASHIER, DEMO_PASSWORD, { org: 'org_1002', returnTo: '/1002' });
    // Token setup failed: back to the site root, and no session for branch B exists.
    expect(flow.finalLocation).toBe('/');
    expect((await session(flow.jar.header())).statusCode).toBe(401);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'organization_id'])
      .where('action', '=', 'auth.organization_refused')
      .execute();
    expect(audit).toContainEqual({ action: 'auth.organization_refused', organization_id: 'org_1002' });
  });

  it('ends a session idle for more than 15 minutes', async () => {
    const flow = await signIn(t.app, CASHIER, DEMO_PASSWORD);
    await t.database.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 16 * 60 * 1000) })
      .execute();
    expect((await session(flow.jar.header())).statusCode).toBe(401);
  });

  it('refreshes an expired access token with a rotated refresh token', async () => {
    await t.database.db.deleteFrom('sessions').execute();
    const flow = await signIn(t.app, CASHIER, DEMO_PASSWORD);
    const before = await t.database.db
      .selectFrom('sessions')
      .select(['refresh_token', 'access_token'])
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('sessions')
      .set({ access_expires_at: new Date(Date.now() - 1000) })
      .execute();
    const response = await session(flow.jar.header());
    expect(response.statusCode).toBe(200);
    const after = await t.database.db
      .selectFrom('sessions')
      .select(['refresh_token', 'access_token'])
      .executeTakeFirstOrThrow();
    expect(after.refresh_token).not.toBe(before.refresh_token);
    expect(after.access_token).not.toBe(before.access_token);
  });
});

describe('sign-in throttling', () => {
  it('locks an email after five failures in a row, even for the right password, and not another', async () => {
    const email = 'manager.ochorios@bluemountain.example';
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await signIn(t.app, email, 'wrong')).lastResponse.statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const locked = await signIn(t.app, email, DEMO_PASSWORD);
    expect(locked.lastResponse.statusCode).toBe(429);
    expect(locked.lastResponse.body).toContain(
      'Too many failed sign-ins for this email. Please try again in 1 minute.',
    );
    expect(locked.jar.get('lynk_session')).toBeUndefined();
    const other = await signIn(t.app, 'admin.ochorios@bluemountain.example', DEMO_PASSWORD);
    expect((await session(other.jar.header())).statusCode).toBe(200);
  });
});

describe('unsafe methods need the CSRF header', () => {
  it('refuses a logout without the header and keeps the session', async () => {
    const flow = await signIn(t.app, CASHIER, DEMO_PASSWORD);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie: flow.jar.header() },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'CSRF_REJECTED',
      message: 'This request must come from the portal.',
    });
    expect((await session(flow.jar.header())).statusCode).toBe(200);
  });

  it('refuses a request from another origin even with the header', async () => {
    const flow = await signIn(t.app, CASHIER, DEMO_PASSWORD);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie: flow.jar.header(), [CSRF_HEADER]: '1', origin: 'https://evil.example' },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('logs out with the header, ends the session, revokes its refresh token and points at the provider sign-out', async () => {
    const flow = await signIn(t.app, CASHIER, DEMO_PASSWORD);
    const stored = await t.database.db
      .selectFrom('sessions')
      .select(['id_hash', 'refresh_token'])
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    const refreshToken = createTokenCipher(t.secrets.sessionEncryptionKey).open(
      stored.refresh_token!,
      stored.id_hash,
    );
    const refreshTokenAtProvider = () =>
      t.database.db
        .selectFrom('oidc_payloads')
        .select('id')
        .where('type', '=', 'RefreshToken')
        .where('id', '=', refreshToken!)
        .execute();
    expect(await refreshTokenAtProvider()).toHaveLength(1);
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie: flow.jar.header(), [CSRF_HEADER]: '1', origin: TEST_PUBLIC_URL },
    });
    expect(response.statusCode).toBe(200);
    const location = new URL(response.json().location);
    expect(location.pathname).toBe('/oidc/session/end');
    expect(location.searchParams.get('post_logout_redirect_uri')).toBe(`${TEST_PUBLIC_URL}/`);
    expect((await session(flow.jar.header())).statusCode).toBe(401);
    expect(await refreshTokenAtProvider()).toHaveLength(0);
  });
});

describe('bearer tokens', () => {
  const claims = CASHIER_CLAIMS;

  const sign = (overrides: { audience?: string; expiresAt?: number; issuer?: string } = {}) =>
    signAccessToken(t.secrets.signingKey, {
      issuer: overrides.issuer ?? ISSUER,
      audience: overrides.audience ?? AUDIENCE,
      expiresAt: overrides.expiresAt ?? Math.floor(Date.now() / 1000) + 300,
    });

  const withBearer = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/session', headers: { authorization: `Bearer ${token}` } });

  it('accepts a valid RS256 token from our issuer for our audience', async () => {
    const response = await withBearer(await sign());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ org_id: 'org_1001', role: 'Cashier' });
  });

  it('refuses a token for another audience', async () => {
    const response = await withBearer(await sign({ audience: 'https://other.example' }));
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHENTICATED');
  });

  it('refuses a token from another issuer', async () => {
    expect((await withBearer(await sign({ issuer: 'https://evil.example/oidc' }))).statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    expect(
      (await withBearer(await sign({ expiresAt: Math.floor(Date.now() / 1000) - 120 }))).statusCode,
    ).toBe(401);
  });

  it('refuses alg none', async () => {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ ...claims, sub: claims.authID, iss: ISSUER, aud: AUDIENCE, exp: now + 300 })}.`;
    expect((await withBearer(unsigned)).statusCode).toBe(401);
  });

  it('refuses a malformed Authorization header with a clear message', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { authorization: 'Basic abc' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'The Authorization header must be a bearer token.',
    });
  });
});

describe('bad input to the sign-in endpoints', () => {
  it.each([
    ['/auth/login?returnTo=//evil.example', 'an off-site return address'],
    ['/auth/login?returnTo=https://evil.example/', 'an absolute return address'],
    ['/auth/login?org=1001', 'an organization without its prefix'],
    [`/auth/login?returnTo=/${'a'.repeat(3000)}`, 'an oversized return address'],
  ])('answers 400 {code, message} for %s (%s)', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
  });

  it('sends a callback without a matching sign-in back to the site root and opens no session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/auth/callback?code=forged&state=forged' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/');
    expect(response.cookies.find((c) => c.name === 'lynk_session')).toBeUndefined();
  });
});

describe('maintenance job', () => {
  it('purges expired and idle sessions only', async () => {
    await t.database.db.deleteFrom('sessions').execute();
    await signIn(t.app, CASHIER, DEMO_PASSWORD);
    const live = await signIn(t.app, SUPER_ADMIN, DEMO_PASSWORD);
    const rows = await t.database.db.selectFrom('sessions').select(['id_hash', 'user_id']).execute();
    const stale = rows.filter((r) => r.user_id === 4).map((r) => r.id_hash);
    await t.database.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 60 * 60 * 1000) })
      .where('id_hash', 'in', stale)
      .execute();
    const purged = await purgeExpired(t.database.db, new Date());
    expect(purged.sessions).toBe(stale.length);
    expect((await session(live.jar.header())).statusCode).toBe(200);
  });
});
