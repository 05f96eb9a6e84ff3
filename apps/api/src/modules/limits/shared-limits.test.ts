import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import {
  anotherServer,
  createTestApp,
  follow,
  formAction,
  signIn,
  testClock,
  type FlowResult,
  type TestApp,
} from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';
import { DEMO_TOTP_SECRET } from '../../world/demo-two-factor.ts';
import { totpCode } from '../identity/totp.ts';

// Two instances of the API behind one balancer: two apps on one database (embedded: the same
// handle in this process; PostgreSQL: a connection of its own to the same database), with the
// same secrets, as two processes of one deployment have.
interface Pair {
  t: TestApp;
  a: FastifyInstance;
  b: FastifyInstance;
  close(): Promise<void>;
}

async function twoInstances(env: Record<string, string>, now?: () => Date): Promise<Pair> {
  const t = await createTestApp({ env, ...(now ? { now } : {}) });
  const database = t.databaseUrl
    ? await openDatabase({ databaseUrl: t.databaseUrl, dataDir: 'memory://' })
    : t.database;
  const b = await anotherServer(t, { env, database, ...(now ? { now } : {}) });
  return {
    t,
    a: t.app,
    b,
    close: async () => {
      await b.close();
      if (database !== t.database) await database.close();
      await t.close();
    },
  };
}

/** Posts the page's form to `app` from the address `from`, and follows the redirects there. */
async function post(app: FastifyInstance, flow: FlowResult, fields: Record<string, string>, from: string) {
  const action = formAction(flow);
  if (!action) throw new Error(`No form at ${flow.finalLocation}`);
  const posted = await app.inject({
    method: 'POST',
    url: action,
    remoteAddress: from,
    headers: { cookie: flow.jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  return follow(app, action, flow.jar, posted);
}

const STEP_MS = 30_000;

describe('sign-in limits shared by two instances', () => {
  const clock = testClock();
  let pair: Pair;
  beforeAll(async () => {
    pair = await twoInstances(
      { SIGN_IN_ATTEMPTS_PER_ADDRESS: '4', RATE_LIMIT_PER_MINUTE: '1000' },
      clock.now,
    );
  });
  afterAll(async () => {
    await pair.close();
  });

  const loginPage = () => follow(pair.a, '/auth/login?returnTo=%2F');
  const instance = (i: number) => (i % 2 === 0 ? pair.a : pair.b);

  it('holds one address to one sign-in budget, whichever instance each attempt reaches', async () => {
    let flow = await loginPage();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      flow = await post(
        instance(i),
        flow,
        { email: `spray-${i}@example.com`, password: 'guess' },
        '198.51.100.7',
      );
      statuses.push(flow.lastResponse.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    expect(flow.lastResponse.body).toContain('Too many sign-in attempts.');
  }, 60_000);

  it('keeps an account locked on the other instance after five failures on both', async () => {
    const email = 'admin.montego@bluemountain.example';
    let flow = await loginPage();
    for (let i = 0; i < 5; i++) {
      flow = await post(instance(i), flow, { email, password: 'guess' }, `203.0.113.${i + 1}`);
      expect(flow.lastResponse.statusCode).toBe(401);
    }
    // The fifth failure was on `a`: `b` refuses even the right password, before any hashing.
    const locked = await post(pair.b, flow, { email, password: DEMO_PASSWORD }, '203.0.113.99');
    expect(locked.lastResponse.statusCode).toBe(429);
    expect(locked.lastResponse.body).toContain(
      'Too many failed sign-ins for this email. Please try again in 1 minute.',
    );
  }, 60_000);

  it("keeps a customer's email locked on the other instance after five failures on both", async () => {
    const attempt = (app: FastifyInstance, password: string, from: string) =>
      app.inject({
        method: 'POST',
        url: '/api/consumer-auth/sign-in',
        remoteAddress: from,
        headers: { 'x-lynk-csrf': '1' },
        payload: { email: 'customer@lynk.example', password },
      });
    for (let i = 0; i < 5; i++) {
      expect((await attempt(instance(i), 'guess', `198.51.100.${i + 20}`)).statusCode).toBe(401);
    }
    const locked = await attempt(pair.b, DEMO_PASSWORD, '198.51.100.99');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many failed sign-ins for this email. Please try again in 1 minute.',
    });
  }, 60_000);

  it('counts wrong second-factor codes on both instances towards one lock-out', async () => {
    clock.advance(STEP_MS);
    let flow = await post(
      pair.a,
      await loginPage(),
      { email: 'superadmin@bluemountain.example', password: DEMO_PASSWORD },
      '192.0.2.1',
    );
    expect(formAction(flow, '/second-factor')).toBeDefined();
    for (let i = 0; i < 5; i++) {
      flow = await post(instance(i + 1), flow, { code: '123456' }, `192.0.2.${i + 10}`);
      expect(flow.lastResponse.statusCode).toBe(401);
    }
    // Four wrong codes on `b`, one on `a`: the right code is refused on `a` too.
    const locked = await post(pair.a, flow, { code: totpCode(DEMO_TOTP_SECRET, clock.now()) }, '192.0.2.99');
    expect(locked.lastResponse.statusCode).toBe(429);
    expect(locked.lastResponse.body).toContain('Too many wrong attempts.');
    expect(locked.jar.get('lynk_session')).toBeUndefined();
  }, 60_000);
});

describe('site-wide rate limits shared by two instances', () => {
  // A hundred a minute: each instance takes five at a time from the shared counter (ADR 042).
  const BUDGET = 100;
  let pair: Pair;
  beforeAll(async () => {
    pair = await twoInstances({ RATE_LIMIT_PER_MINUTE: String(BUDGET) });
  });
  afterAll(async () => {
    await pair.close();
  });

  it("holds a session to one budget whichever instance answers, and refuses it on both once it's spent", async () => {
    const { jar } = await signIn(pair.a, 'manager.kingston@bluemountain.example', DEMO_PASSWORD);
    const statuses: number[] = [];
    for (let i = 0; i < BUDGET + 20; i++) {
      const app = i % 2 === 0 ? pair.a : pair.b;
      statuses.push(
        (await app.inject({ url: '/api/session', headers: { cookie: jar.header() } })).statusCode,
      );
    }
    const answered = statuses.filter((status) => status === 200).length;
    // Never more than the one budget; at most a block short of it per instance (what each took
    // last and did not spend), and both instances refuse at the end.
    expect(answered).toBeLessThanOrEqual(BUDGET);
    expect(answered).toBeGreaterThanOrEqual(BUDGET - 2 * 4);
    expect(statuses.slice(-10)).toEqual(Array(10).fill(429));
    expect(new Set(statuses)).toEqual(new Set([200, 429]));
  }, 60_000);
});
