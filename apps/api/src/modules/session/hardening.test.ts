import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, follow, signAccessToken, signIn, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '40' } });
});
afterAll(async () => {
  await t.close();
});

describe('return addresses', () => {
  it.each(['/%09/evil.example/x', '/%0A/evil.example', '/%5Cevil.example', '/\\\\evil.example'])(
    'refuses %s, which a browser would turn into another site',
    async (returnTo) => {
      const response = await t.app.inject({ url: `/auth/login?returnTo=${returnTo}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    },
  );
});

describe('NUL characters', () => {
  it('answers 400 for a NUL in the address', async () => {
    const response = await t.app.inject({ url: '/api/account/v1/accounts/%00/payments' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'BAD_REQUEST', message: expect.any(String) });
    expect(
      (await t.app.inject({ url: '/oidc/auth?client_id=lynk-portal&organization=org_1%00' })).statusCode,
    ).toBe(400);
  });

  it('answers 400 for a NUL in the sign-in form', async () => {
    const toLoginPage = await follow(t.app, '/auth/login?returnTo=/');
    const action = /action="([^"]+)"/.exec(toLoginPage.lastResponse.body)![1]!;
    const response = await t.app.inject({
      method: 'POST',
      url: action,
      headers: { cookie: toLoginPage.jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%00b&password=x',
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers a token request with a NUL in the refresh token as invalid, not as a server error', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`lynk-portal:${t.secrets.oidcClientSecret}`).toString('base64')}`,
      },
      payload: 'grant_type=refresh_token&refresh_token=abc%00def',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('a page of one organization', () => {
  it("is refused another organization's data when another tab moved the session (409 ORG_MISMATCH)", async () => {
    const { jar } = await signIn(t.app, 'cashier.kingston@bluemountain.example', DEMO_PASSWORD);
    const asPageOf = (org: string, url: string) =>
      t.app.inject({ url, headers: { cookie: jar.header(), 'x-lynk-org': org } });
    expect((await asPageOf('org_1001', '/api/profile')).statusCode).toBe(200);
    const refused = await asPageOf('org_1002', '/api/profile');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'ORG_MISMATCH', details: { session_org_id: 'org_1001' } });
    // The session itself stays readable, so the page can see what happened and re-authorize.
    expect((await asPageOf('org_1002', '/api/session')).statusCode).toBe(200);
  });
});

describe('token refresh', () => {
  it('keeps the session when several requests find the access token expired at once', async () => {
    const fresh = await createTestApp();
    try {
      const { jar } = await signIn(fresh.app, 'manager.kingston@bluemountain.example', DEMO_PASSWORD);
      await fresh.database.db
        .updateTable('sessions')
        .set({ access_expires_at: new Date(Date.now() - 1000) })
        .execute();
      const responses = await Promise.all(
        Array.from({ length: 4 }, () =>
          fresh.app.inject({ url: '/api/session', headers: { cookie: jar.header() } }),
        ),
      );
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      expect(
        (await fresh.app.inject({ url: '/api/session', headers: { cookie: jar.header() } })).statusCode,
      ).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});

describe('branch balances', () => {
  it('answers the branch list without balances or limits to a caller without balance read', async () => {
    const token = await signAccessToken(t, {
      user_id: 1,
      authID: 'lynk|demo-superadmin',
      role: 'Super Administrator',
      role_id: 4,
      displayName: 'Simone Campbell',
      email: 'superadmin@bluemountain.example',
      org_id: 'org_1000',
      merchant_id: 1000,
      permissions: ['read:staff'],
    });
    const response = await t.app.inject({
      url: '/api/account/v1/accounts/children',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    const children = response.json().children;
    expect(children).toHaveLength(3);
    expect(
      children.every((c: { balance: unknown; limits: unknown }) => c.balance === null && c.limits === null),
    ).toBe(true);
  });
});

// Last: it spends this app's request budget.
describe('rate limiting', () => {
  it('does not give a made-up session cookie a bucket of its own', async () => {
    const statuses = [];
    for (let i = 0; i < 45; i++) {
      const response = await t.app.inject({
        url: '/api/session',
        headers: { cookie: `lynk_session=forged-${i}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toContain(429);
  });
});
