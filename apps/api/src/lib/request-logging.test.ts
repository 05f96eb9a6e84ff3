import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPayLink, payPayLink, signInCustomer } from '../test/pay-links.ts';
import { createTestApp, signIn, type TestApp, userIdOf } from '../test/test-app.ts';
import { DEMO_CUSTOMER } from '../world/demo-consumers.ts';
import { DEMO_PASSWORD } from '../world/demo-seed.ts';

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ logStream: { write: (line) => void lines.push(line) } });
});
afterAll(async () => {
  await t.close();
});

describe('request ids', () => {
  it('keeps a well-formed id a caller sends, so its logs and ours can be matched', async () => {
    const response = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'trace-123' } });
    expect(response.headers['x-request-id']).toBe('trace-123');
  });

  it.each([
    ['a newline that would forge a log line', 'abc\n{"level":50,"msg":"forged"}'],
    ['a kilobyte of padding', 'x'.repeat(1024)],
    ['markup', '<script>alert(1)</script>'],
  ])('replaces %s with an id of its own, in the response and the logs', async (_what, sent) => {
    const before = lines.length;
    const response = await t.app.inject({ url: '/api/nothing-here', headers: { 'x-request-id': sent } });
    const id = String(response.headers['x-request-id']);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const logged = lines.slice(before).join('');
    expect(logged).toContain(id);
    expect(logged).not.toContain(sent);
    expect(logged).not.toContain('forged');
    expect(response.body).not.toContain(sent);
  });
});

describe('request logs', () => {
  it('never contain the authorization code or state of the sign-in callback', async () => {
    const before = lines.length;
    await t.app.inject({ url: '/auth/callback?code=SECRET-CODE-4711&state=SECRET-STATE-0815&iss=x' });
    const logged = lines.slice(before).join('');
    expect(logged).toContain('/auth/callback');
    expect(logged).not.toContain('SECRET-CODE-4711');
    expect(logged).not.toContain('SECRET-STATE-0815');
  });
});

describe('request logs and credentials', () => {
  it('never contain a cookie, an authorization header or any other header', async () => {
    const before = lines.length;
    await t.app.inject({
      url: '/api/session',
      headers: {
        cookie: 'lynk_session=COOKIE-SECRET-1',
        authorization: 'Bearer TOKEN-SECRET-2',
        'x-custom': 'HEADER-VALUE-3',
      },
    });
    const logged = lines.slice(before).join('');
    expect(logged).toContain('/api/session');
    for (const secret of ['COOKIE-SECRET-1', 'TOKEN-SECRET-2', 'HEADER-VALUE-3']) {
      expect(logged).not.toContain(secret);
    }
  });
});

type LogLine = { req?: { method: string; url: string }; res?: { statusCode: number }; responseTime?: number };

describe('one line per request', () => {
  it('logs an answered request once, with its method, address, status and time', async () => {
    const before = lines.length;
    await t.app.inject({ url: '/healthz' });
    await t.app.inject({ url: '/no-such-address' });
    const logged = lines.slice(before).map((line) => JSON.parse(line) as LogLine);
    expect(logged.map((line) => [line.req?.method, line.req?.url, line.res?.statusCode])).toEqual([
      ['GET', '/healthz', 200],
      ['GET', '/no-such-address', 404],
    ]);
    expect(logged.every((line) => typeof line.responseTime === 'number')).toBe(true);
  });
});

interface CallerLine {
  requestId?: string;
  msg?: string;
  req?: { url: string; route?: string; merchant?: number; actor?: string };
  res?: { statusCode: number };
}

describe('whose request it was', () => {
  const MANAGER = 'manager.kingston@bluemountain.example';
  /** The request's one line, found by the id its answer carries. */
  const lineOf = (id: string): CallerLine => {
    const found = lines.map((line) => JSON.parse(line) as CallerLine).filter((line) => line.requestId === id);
    expect(found).toHaveLength(1);
    return found[0]!;
  };

  it('logs the route pattern, the merchant, the staff member and the request id, never their email', async () => {
    const { jar } = await signIn(t.app, MANAGER, DEMO_PASSWORD);
    const response = await t.app.inject({
      url: '/api/payment/customer-transactions?limit=5',
      headers: { cookie: jar.header() },
    });
    expect(response.statusCode).toBe(200);
    const line = lineOf(String(response.headers['x-request-id']));
    expect(line.req).toMatchObject({
      url: '/api/payment/customer-transactions?limit=5',
      route: '/api/payment/customer-transactions',
      merchant: 1001,
      actor: `user:${await userIdOf(t.app.db, MANAGER)}`,
    });
    expect(JSON.stringify(line)).not.toContain(MANAGER);
    expect(JSON.stringify(line)).not.toContain('bluemountain');
  });

  it('logs the pattern, not the address, of a route with parameters; a customer by their id', async () => {
    const { jar } = await signIn(t.app, MANAGER, DEMO_PASSWORD);
    const link = await createPayLink(t.app, jar.header(), { amount: 5_00, description: 'Log line tea' });
    const customer = await signInCustomer(t.app, { email: DEMO_CUSTOMER.email, password: DEMO_PASSWORD });
    const paid = await payPayLink(t.app, link.code, customer.cookie);
    expect(paid.statusCode).toBe(200);
    const line = lineOf(String(paid.headers['x-request-id']));
    const consumer = await t.app.db
      .selectFrom('consumers')
      .select('id')
      .where('email', '=', DEMO_CUSTOMER.email)
      .executeTakeFirstOrThrow();
    expect(line.req?.route).toBe('/api/payment/pay/:code');
    expect(line.req?.actor).toBe(`consumer:${consumer.id}`);
    expect(line.req?.merchant).toBeUndefined();
    expect(JSON.stringify(line)).not.toContain(DEMO_CUSTOMER.email);
  });

  it('logs no route, merchant or actor for an anonymous call to no route', async () => {
    const response = await t.app.inject({ url: '/api/nothing-at-all' });
    const line = lineOf(String(response.headers['x-request-id']));
    expect(line.res?.statusCode).toBe(404);
    expect(line.req).not.toHaveProperty('route');
    expect(line.req).not.toHaveProperty('merchant');
    expect(line.req).not.toHaveProperty('actor');
  });
});
