import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signAccessToken, signIn, type TestApp } from './test/test-app.ts';
import { DEMO_PASSWORD } from './world/demo-seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '12', RATE_LIMIT_BEARER_PER_MINUTE: '20' } });
});
afterAll(async () => {
  await t.close();
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

  it('gives an integration calling with a bearer token a budget of its own, per address', async () => {
    const token = await signAccessToken(t, {
      user_id: 2,
      authID: 'lynk|integration',
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
