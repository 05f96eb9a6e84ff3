import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signAccessToken, signIn, type TestApp } from './test/test-app.ts';
import { DEMO_PASSWORD } from './world/demo-seed.ts';

let t: TestApp;
let portalDir: string;
beforeAll(async () => {
  // A built portal of two files: its pages and files are answered by routes of their own.
  portalDir = await mkdtemp(path.join(tmpdir(), 'lynk-portal-'));
  await mkdir(path.join(portalDir, 'assets'));
  await writeFile(
    path.join(portalDir, 'index.html'),
    '<html><head></head><body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(portalDir, 'assets', 'index-AbC123.js'), 'export {};');
  t = await createTestApp({
    portalDir,
    env: { RATE_LIMIT_PER_MINUTE: '12', RATE_LIMIT_BEARER_PER_MINUTE: '20' },
  });
});
afterAll(async () => {
  await t.close();
  await rm(portalDir, { recursive: true, force: true });
});

const statusesOf = async (count: number, headers: Record<string, string>, url = '/api/session') => {
  const statuses: number[] = [];
  let last;
  for (let i = 0; i < count; i++) {
    last = await t.app.inject({ url, headers });
    statuses.push(last.statusCode);
  }
  return { statuses, last: last! };
};

describe('rate limits that fit the caller', () => {
  it("holds a portal session to a person's budget and says when to come back", async () => {
    const { jar } = await signIn(t.app, 'manager.kingston@bluemountain.example', DEMO_PASSWORD);
    // The session has a bucket of its own, apart from the address's that signing in used.
    const { statuses, last } = await statusesOf(14, { cookie: jar.header() });
    expect(statuses).toEqual([...Array(12).fill(200), 429, 429]);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(last.json()).toEqual({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many requests/),
    });
  });

  it("counts only the calls that do work: health checks and the portal's own addresses are free", async () => {
    // An address of its own: the budget of a caller without a session is its address's.
    const from = async (url: string) =>
      (await t.app.inject({ url, remoteAddress: '203.0.113.7' })).statusCode;
    for (const url of ['/healthz', '/1001/lynk-wallet/orders', '/assets/index-AbC123.js', '/apis/session']) {
      for (let i = 0; i < 14; i++) expect(await from(url)).not.toBe(429);
    }
    // The address's budget is still whole for the API: 12 calls, then refused.
    for (let i = 0; i < 12; i++) expect(await from('/api/session')).toBe(401);
    expect(await from('/api/session')).toBe(429);
  });

  it("gives no budget of its own to a signed cookie that is not a live session (the login cookie's value)", async () => {
    const address = '203.0.113.21';
    const login = await t.app.inject({ url: '/auth/login?returnTo=%2F', remoteAddress: address });
    const signedLoginState = login.cookies.find((cookie) => cookie.name === 'lynk_login')?.value;
    expect(signedLoginState).toBeTruthy();
    // Validly signed by this app, but no session: it shares the address's budget (the sign-in's
    // own call counted there too), and an anonymous call from the address is refused after it.
    const asSession = { cookie: `lynk_session=${signedLoginState}` };
    const calls: number[] = [];
    for (let i = 0; i < 12; i++) {
      calls.push(
        (await t.app.inject({ url: '/api/session', headers: asSession, remoteAddress: address })).statusCode,
      );
    }
    expect(calls).toEqual([...Array(11).fill(401), 429]);
    const anonymous = await t.app.inject({ url: '/api/session', remoteAddress: address });
    expect(anonymous.statusCode).toBe(429);
  });

  it('gives an integration calling with a bearer token a budget of its own, per address', async () => {
    // A token is only good for a membership the user still holds: the Kingston manager's.
    const manager = await t.database.db
      .selectFrom('users')
      .select(['id', 'auth_id'])
      .where('email', '=', 'manager.kingston@bluemountain.example')
      .executeTakeFirstOrThrow();
    const token = await signAccessToken(t, {
      user_id: manager.id,
      authID: manager.auth_id,
      role: 'Manager',
      role_id: 2,
      displayName: 'Till sync',
      email: 'manager.kingston@bluemountain.example',
      org_id: 'org_1001',
      merchant_id: 1001,
      permissions: ['read:orders'],
    });
    const url = '/api/payment/customer-transactions?offset=0&limit=5';
    const { statuses, last } = await statusesOf(22, { authorization: `Bearer ${token}` }, url);
    expect(statuses).toEqual([...Array(20).fill(200), 429, 429]);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    // A made-up token is refused, and buys the address no fresh budget.
    const forged = await t.app.inject({ url, headers: { authorization: 'Bearer made.up.token' } });
    expect(forged.statusCode).toBe(401);
    const again = await t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
    expect(again.statusCode).toBe(429);
  });
});
