import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffCaller } from './test/fuzz/callers.ts';
import { expectSomeAccepted, fuzzTimeout, fuzzWritingRoute, type Caller } from './test/fuzz/fuzz-route.ts';
import { ASSIGNABLE_ROLE_IDS } from '@lynk/contract/staff';
import { hostileText } from './test/fuzz/hostile-values.ts';
import { writingRoute, writingRoutes } from './test/fuzz/writing-routes.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from './test/test-app.ts';
import { DEMO_PASSWORD } from './world/demo-seed.ts';
import { FUZZED_ROUTES } from './test/fuzz/fuzzed-routes.ts';
import { sessionCookieName } from './plugins/auth.ts';

/**
 * The profile, staff, notification and report routes and the staff's sign-out, fuzzed from the
 * contract by an admin of Kingston (branch 1001): see test/fuzz/fuzz-route.ts for what every
 * answer must satisfy.
 */

const KINGSTON = 1001;
const MONTEGO = 1002;
const ADMIN = 'admin.kingston@bluemountain.example';
/** Staff of the other branches, whom the Kingston admin's staff changes cannot reach. */
const OTHER_BRANCHES_STAFF = ['montego', 'ochorios'].flatMap((branch) =>
  ['manager', 'cashier', 'admin'].map((role) => `${role}.${branch}@bluemountain.example`),
);
const SESSION_COOKIE = sessionCookieName(TEST_PUBLIC_URL);

let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp({
    env: { RATE_LIMIT_PER_MINUTE: '1000000', SIGN_IN_ATTEMPTS_PER_ADDRESS: '1000' },
  });
  admin = staffCaller(t, ADMIN, DEMO_PASSWORD);
});
afterAll(async () => {
  await t.close();
});

const route = (name: string) => writingRoute(t.app, name);

/** Mostly the caller's own ids, now and then another branch's. */
const ownAndForeign = (own: string[], foreign: string[]) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...own) },
    { weight: 1, arbitrary: fc.constantFrom(...foreign) },
  );

async function notificationIds(merchant: number) {
  const rows = await t.database.db
    .selectFrom('notifications')
    .select('id')
    .where('merchant_id', '=', merchant)
    .orderBy('id', 'desc')
    .limit(40)
    .execute();
  return rows.map((r) => r.id);
}

/** The staff of a branch, the caller among them. */
function staffOf(merchant: number) {
  return t.database.db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['users.id', 'users.auth_id', 'users.email', 'memberships.role_id'])
    .where('memberships.merchant_id', '=', merchant)
    .execute();
}

/** Names a form would send: most bodies must be well formed for some to reach the route's work. */
const plainNames = () => fc.stringMatching(/^[A-Z][a-z]{1,12} [A-Z][a-z]{1,12}$/);

const roleIds = () =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...ASSIGNABLE_ROLE_IDS) },
    { weight: 1, arbitrary: fc.constantFrom(0, -1, 5, 6, 2 ** 31) },
  );

it('fuzzes every writing route of the OpenAPI document', () => {
  const fuzzed = Object.values(FUZZED_ROUTES).flat().sort();
  expect(fuzzed).toEqual(
    writingRoutes(t.app)
      .map((r) => r.name)
      .sort(),
  );
});

describe('profile, staff and report routes fuzzed from the contract', () => {
  it.each([
    'PUT /api/profile/',
    'PUT /api/profile/notifications/read-all',
    'PUT /api/profile/notifications-preferences',
  ])(
    '%s',
    async (name) => {
      const answers = await fuzzWritingRoute(t, route(name), admin);
      expectSomeAccepted(answers, 200);
    },
    fuzzTimeout(),
  );

  it(
    'PUT /api/profile/notifications/{id}/read',
    async () => {
      const answers = await fuzzWritingRoute(t, route('PUT /api/profile/notifications/{id}/read'), admin, {
        pathValues: { id: ownAndForeign(await notificationIds(KINGSTON), await notificationIds(MONTEGO)) },
      });
      expectSomeAccepted(answers, 200);
    },
    fuzzTimeout(),
  );

  it(
    'POST /api/reporting/v2/transfers/exports/csv',
    async () => {
      // At most a month: a start day and a length, both sometimes out of range.
      const day = (d: Date) => d.toISOString().slice(0, 10);
      const range = fc
        .tuple(
          fc.date({ min: new Date('1999-01-01'), max: new Date('2031-01-01'), noInvalidDate: true }),
          fc.integer({ min: -3, max: 40 }),
        )
        .map(([start, days]) => ({
          start: day(start),
          end: day(new Date(start.getTime() + days * 86_400_000)),
        }));
      const answers = await fuzzWritingRoute(
        t,
        route('POST /api/reporting/v2/transfers/exports/csv'),
        admin,
        {
          body: fc
            .tuple(
              range,
              fc.oneof(
                // What the modal sends: tables of the main wallet, or the JAM-DEX wallet's one.
                fc.record(
                  {
                    types: fc.subarray(['Orders', 'Transfers', 'Refunds'], { minLength: 1 }),
                    wallet: fc.constant('lynk'),
                  },
                  { requiredKeys: ['types'] },
                ),
                fc.constant({ wallet: 'jam-dex' }),
                fc.record(
                  {
                    types: fc.subarray(['Orders', 'Transfers', 'Refunds']),
                    wallet: fc.constantFrom('lynk', 'jam-dex'),
                  },
                  { requiredKeys: [] },
                ),
              ),
            )
            .map(([dates, rest]) => ({ ...dates, ...rest })),
        },
      );
      expectSomeAccepted(answers, 200);
    },
    fuzzTimeout(),
  );

  it(
    'POST /api/reporting/v2/exports/all',
    async () => {
      // Any range, open at either end, sometimes upside down, in the future or before 2000.
      const day = fc
        .date({ min: new Date('1999-01-01'), max: new Date('2031-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
      const answers = await fuzzWritingRoute(t, route('POST /api/reporting/v2/exports/all'), admin, {
        body: fc.record(
          {
            source: fc.constantFrom('orders', 'refunds', 'transfers', 'payments', 'payouts'),
            start: day,
            end: day,
          },
          { requiredKeys: ['source'] },
        ),
      });
      expectSomeAccepted(answers, 202);
    },
    fuzzTimeout(),
  );

  it(
    'POST /api/profile/v3/staff',
    async () => {
      const answers = await fuzzWritingRoute(t, route('POST /api/profile/v3/staff'), admin, {
        body: fc.record(
          {
            email: fc.oneof(
              { weight: 6, arbitrary: fc.stringMatching(/^[a-z]{1,12}\.[a-z]{1,12}@example\.com$/) },
              { weight: 2, arbitrary: fc.emailAddress() },
              { weight: 1, arbitrary: fc.constant(ADMIN) },
              { weight: 2, arbitrary: hostileText() },
            ),
            display_name: fc.oneof(plainNames(), hostileText()),
            merchants: fc.array(
              fc.record(
                {
                  merchant_id: ownAndForeign([String(KINGSTON)], [String(MONTEGO)]).map(Number),
                  role_id: roleIds(),
                  show_qr_display_name: fc.boolean(),
                  active: fc.boolean(),
                },
                { requiredKeys: ['merchant_id', 'role_id'] },
              ),
              { minLength: 1, maxLength: 1 },
            ),
          },
          { requiredKeys: ['email', 'display_name', 'merchants'] },
        ),
      });
      expectSomeAccepted(answers, 201);
    },
    fuzzTimeout(),
  );

  it(
    'PATCH /api/profile/v3/staff/{id}',
    async () => {
      const own = await staffOf(KINGSTON);
      const foreign = await staffOf(MONTEGO);
      const change = (member: (typeof own)[number]) =>
        fc.record({
          merchant_id: fc.oneof(
            { weight: 3, arbitrary: fc.constant(KINGSTON) },
            { weight: 1, arbitrary: fc.constant(MONTEGO) },
          ),
          auth_id: fc.oneof(
            { weight: 4, arbitrary: fc.constant(member.auth_id) },
            { weight: 1, arbitrary: hostileText() },
          ),
          email: fc.oneof(
            { weight: 3, arbitrary: fc.constant(member.email) },
            { weight: 1, arbitrary: hostileText() },
          ),
          display_name: fc.oneof(plainNames(), hostileText()),
          role_id: fc.oneof(
            { weight: 3, arbitrary: fc.constant(member.role_id) },
            { weight: 1, arbitrary: roleIds() },
          ),
          show_qr_display_name: fc.boolean(),
          active: fc.boolean(),
        });
      const answers = await fuzzWritingRoute(t, route('PATCH /api/profile/v3/staff/{id}'), admin, {
        pathValues: {
          id: ownAndForeign(
            own.map((m) => String(m.id)),
            foreign.map((m) => String(m.id)),
          ),
        },
        coherent: fc
          .constantFrom(...own, ...foreign)
          .chain((member) => change(member).map((body) => ({ path: { id: String(member.id) }, body }))),
      });
      expectSomeAccepted(answers, 200);
    },
    fuzzTimeout(),
  );

  it(
    'DELETE /api/profile/v3/staff/{id}',
    async () => {
      const own = await staffOf(KINGSTON);
      const foreign = await staffOf(MONTEGO);
      const answers = await fuzzWritingRoute(t, route('DELETE /api/profile/v3/staff/{id}'), admin, {
        pathValues: {
          id: ownAndForeign(
            own.map((m) => String(m.id)),
            foreign.map((m) => String(m.id)),
          ),
        },
      });
      expectSomeAccepted(answers, 200);
    },
    fuzzTimeout(),
  );

  it(
    'POST /auth/logout',
    async () => {
      // A sign-in costs a password hash and is limited to ten a minute per e-mail: most sign-outs
      // carry a forged or no session cookie, and a real session is signed in again, by the next
      // of six people, only after a sign-out ended it.
      const someone = staffCaller(t, OTHER_BRANCHES_STAFF, DEMO_PASSWORD, { endsSession: () => true });
      await fuzzWritingRoute(t, route('POST /auth/logout'), someone, {
        headers: fc.oneof(
          { weight: 1, arbitrary: fc.constant(null) },
          {
            weight: 99,
            arbitrary: fc.oneof(
              fc.constant({}),
              hostileText()
                .filter((value) => value.isWellFormed())
                .map((value) => ({ cookie: `${SESSION_COOKIE}=${encodeURIComponent(value)}` })),
              fc
                .string({ unit: 'binary-ascii', maxLength: 200 })
                .map((value) => ({ cookie: `${SESSION_COOKIE}=${encodeURIComponent(value)}` })),
            ),
          },
        ),
      });
    },
    fuzzTimeout(),
  );
});
