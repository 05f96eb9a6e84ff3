import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSUMER_COOKIE } from '@lynk/contract/consumer';
import { customerCaller, staffCaller } from './test/fuzz/callers.ts';
import { expectSomeAccepted, fuzzTimeout, fuzzWritingRoute, type Caller } from './test/fuzz/fuzz-route.ts';
import { FUZZED_ROUTES } from './test/fuzz/fuzzed-routes.ts';
import { hostileText } from './test/fuzz/hostile-values.ts';
import { writingRoute } from './test/fuzz/writing-routes.ts';
import { createPayLink } from './test/pay-links.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';
import { DEMO_CONSUMERS } from './world/demo-consumers.ts';
import { DEMO_PASSWORD } from './world/demo-seed.ts';

/**
 * The customer's routes of the pay page (sign-in, sign-out, pay, decline), fuzzed from the
 * contract: by a signed-in wallet user where the route needs one, on pay links of Kingston
 * (branch 1001). See test/fuzz/fuzz-route.ts for what every answer must satisfy.
 */

const ADMIN = 'admin.kingston@bluemountain.example';

let t: TestApp;

beforeAll(async () => {
  // The fuzzing's own sign-ins all come from one address: its limit must not refuse the callers'.
  t = await createTestApp({
    env: { RATE_LIMIT_PER_MINUTE: '1000000', SIGN_IN_ATTEMPTS_PER_ADDRESS: '1000000' },
  });
});
afterAll(async () => {
  await t.close();
});

const route = (name: string) => writingRoute(t.app, name);

/** Codes of new open pay links of Kingston, of amounts a wallet can pay and one it cannot. */
async function openPayLinks(): Promise<string[]> {
  const { headers } = await staffCaller(t, ADMIN, DEMO_PASSWORD).headers();
  const codes = [];
  for (const amount of [100, 1_000, 25_000, 500_000, 2_000_000_00]) {
    for (let i = 0; i < 4; i++) {
      codes.push((await createPayLink(t.app, headers.cookie!, { amount, description: `Fuzz ${i}` })).code);
    }
  }
  return codes;
}

/** Nobody signed in: the sign-in form's caller. */
const anonymous: Caller = { headers: async () => ({ headers: {}, renewed: false }) };

/**
 * The sign-in's fuzzing locks the accounts it guesses at (as it should): the customers who pay
 * and sign out are others.
 */
const GUESSED_AT = DEMO_CONSUMERS.slice(0, 3);
const SIGNED_IN = DEMO_CONSUMERS.slice(3);

/** Wallet users signed in in turn (a sign-in is limited to ten a minute per e-mail). */
const customers = (options: Parameters<typeof customerCaller>[2] = {}) =>
  customerCaller(
    t,
    SIGNED_IN.map((c) => ({ email: c.email, password: DEMO_PASSWORD })),
    options,
  );

/** Now and then another cookie than the customer's: none, or a forged one. */
const forgedCookies = (weight: number) =>
  fc.oneof(
    { weight: 100 - weight, arbitrary: fc.constant(null) },
    {
      weight,
      arbitrary: fc.oneof(
        fc.constant({}),
        fc
          .string({ unit: 'binary-ascii', maxLength: 200 })
          .map((value) => ({ cookie: `${CONSUMER_COOKIE}=${encodeURIComponent(value)}` })),
      ),
    },
  );

it('covers the routes this file names', () => {
  expect(FUZZED_ROUTES.customer.map((name) => route(name).name)).toEqual(FUZZED_ROUTES.customer);
});

describe("the customer's routes fuzzed from the contract", () => {
  it(
    'POST /api/consumer-auth/sign-in',
    async () => {
      const answers = await fuzzWritingRoute(t, route('POST /api/consumer-auth/sign-in'), anonymous, {
        body: fc.record({
          email: fc.oneof(fc.constantFrom(...GUESSED_AT.map((c) => c.email)), hostileText()),
          password: fc.oneof(fc.constant(DEMO_PASSWORD), hostileText()),
        }),
        // A refused sign-in is audited and counted against the address and the account, by design.
        refusalsCountIn: ['public.audit_log', 'public.sign_in_failures'],
      });
      expectSomeAccepted(answers, 200);
    },
    // Each well-formed sign-in hashes a password, right or wrong.
    fuzzTimeout(1_000),
  );

  it(
    'POST /api/consumer-auth/sign-out',
    async () => {
      // Most sign-outs carry a forged or no cookie: a real one is signed in again after each.
      await fuzzWritingRoute(
        t,
        route('POST /api/consumer-auth/sign-out'),
        customers({ endsSession: () => true }),
        {
          headers: forgedCookies(97),
        },
      );
    },
    fuzzTimeout(),
  );

  it.each(['POST /api/payment/pay/{code}', 'POST /api/payment/pay/{code}/decline'])(
    '%s',
    async (name) => {
      // Each route its own links: a link paid or declined once answers 409 ever after.
      const answers = await fuzzWritingRoute(t, route(name), customers(), {
        pathValues: { code: fc.constantFrom(...(await openPayLinks())) },
        headers: forgedCookies(5),
      });
      expectSomeAccepted(answers, 200);
    },
    fuzzTimeout(),
  );
});
