import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANALYTICS_MAX_DAYS,
  ANALYTICS_MESSAGES,
  type Analytics,
  type ChainAnalytics,
} from '@lynk/contract/analytics';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { newKey } from '../../test/accounts.ts';
import { expectSoundLedger } from '../../test/ledger.ts';
import { createPayLink, payPayLink, signInCustomer } from '../../test/pay-links.ts';
import {
  anotherServer,
  createTestApp,
  signIn,
  testClock,
  userIdOf,
  type TestApp,
} from '../../test/test-app.ts';
import { DEMO_CUSTOMER } from '../../world/demo-consumers.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';
import * as analyticsRollups from '../../db/migrations/0023-analytics-rollups.ts';
import { verifyLedger } from '../ledger/service.ts';
import { addDays, jamaicaDate, jamaicaMidnight } from '../ledger/jamaica-time.ts';

/**
 * The analytics page's figures after real payments and refunds through the real routes. The
 * seeded world has its own history, so each test compares the figures before and after what it
 * did: the difference must be exactly that.
 */

const CSRF = { 'x-lynk-csrf': '1' };
const HOUR = 3_600_000;
const TODAY = jamaicaDate(new Date());
const YESTERDAY = addDays(TODAY, -1);
// Yesterday 10:00 and today 01:00 in Jamaica: the clock the payments are made at.
const YESTERDAY_10 = new Date(jamaicaMidnight(YESTERDAY).getTime() + 10 * HOUR);
const TODAY_01 = new Date(jamaicaMidnight(TODAY).getTime() + HOUR);
const clock = testClock(YESTERDAY_10);

let t: TestApp;
let manager: string;
let cashier: string;
let montegoManager: string;
let customer: string;
let cashierId: number;
let managerId: number;

/** Everyone signs in again at the clock's new time (a session idle for hours has ended). */
async function moveClockTo(at: Date) {
  clock.advance(at.getTime() - clock.now().getTime());
  const staff = async (local: string) =>
    (await signIn(t.app, `${local}@bluemountain.example`, DEMO_PASSWORD)).jar.header();
  manager = await staff('manager.kingston');
  cashier = await staff('cashier.kingston');
  montegoManager = await staff('manager.montego');
  customer = (await signInCustomer(t.app, { email: DEMO_CUSTOMER.email, password: DEMO_PASSWORD })).cookie;
}

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  await moveClockTo(YESTERDAY_10);
  cashierId = await userIdOf(t.app.db, 'cashier.kingston@bluemountain.example');
  managerId = await userIdOf(t.app.db, 'manager.kingston@bluemountain.example');
}, 120_000);
afterAll(async () => {
  await expectSoundLedger(t.database.db);
  await t.close();
});

const analytics = async (cookie: string, from: string, to = from, app = t.app): Promise<Analytics> => {
  const response = await app.inject({
    url: `/api/payment/analytics?from=${from}&to=${to}`,
    headers: { cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

/** A pay link made by `by`, paid by the demo customer: its order id and journal entry. */
async function payment(amount: number, by = manager, app = t.app) {
  const link = await createPayLink(app, by, { amount, description: 'Analytics' });
  const paid = await payPayLink(app, link.code, customer);
  expect(paid.statusCode, paid.body).toBe(200);
  return { id: link.id, transferId: paid.json().data.transfer_id as string };
}

async function refund(order: { id: string; transferId: string }, amount: number, app = t.app) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/payment/${order.id}/partial-refund`,
    headers: { cookie: manager, ...CSRF, 'idempotency-key': newKey() },
    payload: { amount_to_refund: amount, transferID: order.transferId, motif: 'OTHER' },
  });
  expect(response.statusCode, response.body).toBe(201);
}

type Figures = Analytics['jmd']['current'];
const minus = (after: Figures, before: Figures) => ({
  payments_count: after.payments_count - before.payments_count,
  payments: after.payments - before.payments,
  refunds_count: after.refunds_count - before.refunds_count,
  refunds: after.refunds - before.refunds,
  net: after.net - before.net,
});
const bucketAt = (series: Analytics['jmd']['series'], at: Date) =>
  series.find((bucket) => bucket.start === new Date(Math.floor(at.getTime() / HOUR) * HOUR).toISOString())!;

describe('a merchant’s analytics', () => {
  it('counts payments when paid and refunds when made, today against the day before, by hour, channel, cashier and payer', async () => {
    const before = await analytics(manager, TODAY);
    const cashierBefore = await analytics(cashier, TODAY);
    const montegoBefore = await analytics(montegoManager, TODAY);

    // Yesterday: two payments (the manager's, the cashier's) and a partial refund of the first.
    const first = await payment(1_000_00);
    await payment(250_00, cashier);
    await refund(first, 100_00);
    // Today: another of the cashier's, refunded in part; the first order refunded again (counted
    // today, under its own cashier); and a payment at another branch.
    await moveClockTo(TODAY_01);
    const third = await payment(400_00, cashier);
    await refund(third, 50_00);
    await refund(first, 200_00);
    await payment(777_00, montegoManager);

    const after = await analytics(manager, TODAY);
    expect(after).toMatchObject({
      from: TODAY,
      to: TODAY,
      previous_from: YESTERDAY,
      previous_to: YESTERDAY,
      granularity: 'HOUR',
      currency: 'JMD',
    });
    expect(minus(after.jmd.current, before.jmd.current)).toEqual({
      payments_count: 1,
      payments: 400_00,
      refunds_count: 2,
      refunds: 250_00,
      net: 150_00,
    });
    expect(minus(after.jmd.previous, before.jmd.previous)).toEqual({
      payments_count: 2,
      payments: 1_250_00,
      refunds_count: 1,
      refunds: 100_00,
      net: 1_150_00,
    });
    // Every hour of the day, zeros included, in order; today's payment and refunds in the 01:00 bar.
    expect(after.jmd.series.map((bucket) => bucket.start)).toEqual(
      Array.from({ length: 24 }, (_, i) =>
        new Date(jamaicaMidnight(TODAY).getTime() + i * HOUR).toISOString(),
      ),
    );
    expect(
      minus(
        { ...bucketAt(after.jmd.series, TODAY_01), average_ticket: 0, refund_rate_bp: 0 },
        { ...bucketAt(before.jmd.series, TODAY_01), average_ticket: 0, refund_rate_bp: 0 },
      ),
    ).toEqual({ payments_count: 1, payments: 400_00, refunds_count: 2, refunds: 250_00, net: 150_00 });
    const sum = (key: 'payments' | 'refunds') =>
      after.jmd.series.reduce((total, bucket) => total + bucket[key], 0);
    expect(sum('payments')).toBe(after.jmd.current.payments);
    expect(sum('refunds')).toBe(after.jmd.current.refunds);

    // The headline's rounding: average ticket and refund rate half up.
    const { payments, payments_count, refunds } = after.jmd.current;
    expect(after.jmd.current.average_ticket).toBe(Math.floor(payments / payments_count + 0.5));
    expect(after.jmd.current.refund_rate_bp).toBe(Math.floor((refunds * 10_000) / payments + 0.5));

    // By channel and cashier: largest payments first, with the staff member's name.
    const paymentsOrder = (rows: Array<{ payments: number }>) =>
      rows.map((row) => row.payments).every((p, i, all) => i === 0 || all[i - 1]! >= p);
    expect(paymentsOrder(after.jmd.by_channel)).toBe(true);
    expect(paymentsOrder(after.jmd.by_cashier)).toBe(true);
    const row = (rows: Analytics['jmd']['by_cashier'], id: number) =>
      rows.find((r) => r.cashier_id === id) ?? {
        payments_count: 0,
        payments: 0,
        refunds_count: 0,
        refunds: 0,
        net: 0,
      };
    const asCashier = (a: Analytics, id: number) => ({
      ...row(a.jmd.by_cashier, id),
      average_ticket: 0,
      refund_rate_bp: 0,
    });
    expect(minus(asCashier(after, cashierId), asCashier(before, cashierId))).toEqual({
      payments_count: 1,
      payments: 400_00,
      refunds_count: 1,
      refunds: 50_00,
      net: 350_00,
    });
    // The first order's refund today counts under the manager, who took it.
    expect(minus(asCashier(after, managerId), asCashier(before, managerId))).toMatchObject({
      payments_count: 0,
      refunds_count: 1,
      refunds: 200_00,
    });
    expect(after.jmd.by_cashier.find((r) => r.cashier_id === cashierId)?.cashier_name).toBeTruthy();
    const link = (a: Analytics) => a.jmd.by_channel.find((r) => r.channel === 'PAYMENT_LINK')?.payments ?? 0;
    expect(link(after) - link(before)).toBe(400_00);
    // The customer among the top payers, as the orders list names them.
    expect(after.jmd.top_payers!.length).toBeLessThanOrEqual(5);
    expect(after.jmd.top_payers!.map((p) => p.payer)).toContain(DEMO_CUSTOMER.handle);

    // A cashier sees only the J$ figures of the orders they took; no JAM-DEX, no payers.
    const cashierAfter = await analytics(cashier, TODAY);
    expect(cashierAfter.jam_dex).toBeNull();
    expect(cashierAfter.jmd.top_payers).toBeNull();
    expect(cashierAfter.jmd.by_cashier.map((r) => r.cashier_id)).toEqual([cashierId]);
    expect(minus(cashierAfter.jmd.current, cashierBefore.jmd.current)).toEqual({
      payments_count: 1,
      payments: 400_00,
      refunds_count: 1,
      refunds: 50_00,
      net: 350_00,
    });
    expect(minus(cashierAfter.jmd.previous, cashierBefore.jmd.previous)).toMatchObject({
      payments_count: 1,
      payments: 250_00,
      refunds_count: 0,
    });

    // The other branch's payment is its own, and only its own.
    const montegoAfter = await analytics(montegoManager, TODAY);
    expect(minus(montegoAfter.jmd.current, montegoBefore.jmd.current)).toEqual({
      payments_count: 1,
      payments: 777_00,
      refunds_count: 0,
      refunds: 0,
      net: 777_00,
    });
  });

  it('shows two days by the Jamaica day, zeros included, and the two days before', async () => {
    const range = await analytics(manager, YESTERDAY, TODAY);
    expect(range).toMatchObject({
      granularity: 'DAY',
      previous_from: addDays(YESTERDAY, -2),
      previous_to: addDays(YESTERDAY, -1),
    });
    expect(range.jmd.series.map((bucket) => bucket.start)).toEqual([
      jamaicaMidnight(YESTERDAY).toISOString(),
      jamaicaMidnight(TODAY).toISOString(),
    ]);
    const today = await analytics(manager, TODAY);
    const yesterday = await analytics(manager, YESTERDAY);
    expect(range.jmd.series[1]).toMatchObject({
      payments: today.jmd.current.payments,
      refunds: today.jmd.current.refunds,
    });
    expect(range.jmd.current.payments).toBe(today.jmd.current.payments + yesterday.jmd.current.payments);
    expect(range.jmd.current.refunds_count).toBe(
      today.jmd.current.refunds_count + yesterday.jmd.current.refunds_count,
    );
  });

  it('adds a long period up the same way by the day, by channel and by cashier (whole months and the days around them)', async () => {
    for (const days of [45, 100, 365]) {
      for (const cookie of [manager, cashier]) {
        const long = await analytics(cookie, addDays(TODAY, 1 - days), TODAY);
        expect(long.jmd.series).toHaveLength(days);
        const total = (rows: Array<{ payments: number; refunds: number; payments_count: number }>) =>
          rows.reduce(
            (sum, row) => ({
              payments: sum.payments + row.payments,
              refunds: sum.refunds + row.refunds,
              payments_count: sum.payments_count + row.payments_count,
            }),
            { payments: 0, refunds: 0, payments_count: 0 },
          );
        const { payments, refunds, payments_count } = long.jmd.current;
        expect(total(long.jmd.series), `${days} days`).toEqual({ payments, refunds, payments_count });
        expect(total(long.jmd.by_channel), `${days} days`).toEqual({ payments, refunds, payments_count });
        expect(total(long.jmd.by_cashier), `${days} days`).toEqual({ payments, refunds, payments_count });
        if (cookie === manager) {
          // The payers' blocks tile the period exactly: the same top payers as the orders say.
          const { rows } = await sql<{ payer: string; payments_count: number; payments: number }>`
            select lynk_id as payer, count(*)::int as payments_count, sum(amount)::int as payments from orders
            where merchant_id = 1001 and lynk_id is not null
              and paid_at >= ${jamaicaMidnight(addDays(TODAY, 1 - days)).toISOString()}::timestamptz
              and paid_at < ${jamaicaMidnight(addDays(TODAY, 1)).toISOString()}::timestamptz
            group by lynk_id order by sum(amount) desc, lynk_id limit 5`.execute(t.database.db);
          expect(long.jmd.top_payers, `${days} days`).toEqual(rows);
        }
      }
    }
    // The seeded history has payments in the last 100 days.
    expect((await analytics(manager, addDays(TODAY, -99), TODAY)).jmd.current.payments_count).toBeGreaterThan(
      0,
    );
  });

  it('reads the JAM-DEX wallet’s payments received beside the J$ wallet’s', async () => {
    const before = await analytics(manager, TODAY);
    expect(before.jam_dex).not.toBeNull();
    const wallet = await t.database.db
      .selectFrom('accounts')
      .select('id')
      .where('merchant_id', '=', 1001)
      .where('type', '=', 'CBDC')
      .executeTakeFirstOrThrow();
    const at = new Date(jamaicaMidnight(TODAY).getTime() + 2 * HOUR);
    await t.database.db
      .insertInto('cbdc_payments')
      .values([
        {
          merchant_id: 1001,
          account_id: wallet.id,
          from_id: 'JD-analytics',
          amount: '123400',
          status: 'Success',
          created_at: at,
        },
        {
          merchant_id: 1001,
          account_id: wallet.id,
          from_id: 'JD-analytics',
          amount: '999900',
          status: 'Failure',
          created_at: at,
        },
      ])
      .execute();
    const after = await analytics(manager, TODAY);
    expect(after.jam_dex!.current.payments - before.jam_dex!.current.payments).toBe(1_234_00);
    expect(after.jam_dex!.current.payments_count - before.jam_dex!.current.payments_count).toBe(1);
    expect(after.jam_dex!.by_channel).toEqual([]);
    expect(after.jam_dex!.top_payers!.map((p) => p.payer)).toContain('JD-analytics');
    // The J$ figures do not count it.
    expect(after.jmd.current).toEqual(before.jmd.current);
    // Ocho Rios has no JAM-DEX wallet.
    const ochoRios = (
      await signIn(t.app, 'manager.ochorios@bluemountain.example', DEMO_PASSWORD)
    ).jar.header();
    expect((await analytics(ochoRios, TODAY)).jam_dex).toBeNull();
  });

  it('refuses a bad period with the contract’s messages, and callers who may not read orders', async () => {
    const ask = (query: string, cookie = manager) =>
      t.app.inject({ url: `/api/payment/analytics${query}`, headers: { cookie } });
    const after = await ask(`?from=${TODAY}&to=${YESTERDAY}`);
    expect(after.statusCode).toBe(400);
    expect(after.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: ANALYTICS_MESSAGES.fromAfterTo,
    });
    const long = await ask(`?from=${addDays(TODAY, -ANALYTICS_MAX_DAYS)}&to=${TODAY}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: ANALYTICS_MESSAGES.tooLong });
    expect((await ask(`?from=${addDays(TODAY, 1 - ANALYTICS_MAX_DAYS)}&to=${TODAY}`)).statusCode).toBe(200);
    for (const query of [
      '',
      `?from=${TODAY}`,
      '?from=2026-02-30&to=2026-03-01',
      '?from=yesterday&to=today',
    ]) {
      const answer = await ask(query);
      expect(answer.statusCode, query).toBe(400);
      expect(Object.keys(answer.json())).toEqual(expect.arrayContaining(['code', 'message']));
    }
    expect((await t.app.inject({ url: `/api/payment/analytics?from=${TODAY}&to=${TODAY}` })).statusCode).toBe(
      401,
    );
    const noAccess = (await signIn(t.app, 'noaccess@bluemountain.example', DEMO_PASSWORD)).jar.header();
    expect((await ask(`?from=${TODAY}&to=${TODAY}`, noAccess)).statusCode).toBe(403);
  });
});

describe('a chain’s analytics', () => {
  it('adds up the branches for the parent organisation’s super admin, each branch’s headline beside', async () => {
    const superAdmin = (
      await signIn(t.app, 'superadmin@bluemountain.example', DEMO_PASSWORD, { org: 'org_1000' })
    ).jar.header();
    const response = await t.app.inject({
      url: `/api/payment/analytics/chain?from=${YESTERDAY}&to=${TODAY}`,
      headers: { cookie: superAdmin },
    });
    expect(response.statusCode, response.body).toBe(200);
    const chain: ChainAnalytics = response.json().data;
    expect(chain.branches.map((b) => b.merchant_id)).toEqual([1001, 1002, 1003]);
    const total = (key: 'payments' | 'refunds' | 'payments_count') =>
      chain.branches.reduce((sum, branch) => sum + branch.jmd[key], 0);
    expect(chain.jmd.current.payments).toBe(total('payments'));
    expect(chain.jmd.current.refunds).toBe(total('refunds'));
    expect(chain.jmd.current.payments_count).toBe(total('payments_count'));
    expect(chain.branches.find((b) => b.merchant_id === 1003)!.jam_dex).toBeNull();
    const kingston = await analytics(manager, YESTERDAY, TODAY);
    expect(chain.branches.find((b) => b.merchant_id === 1001)!.jmd).toEqual(kingston.jmd.current);

    // A branch has no chain (404); whoever is no super admin may not ask (403).
    const atBranch = (
      await signIn(t.app, 'superadmin@bluemountain.example', DEMO_PASSWORD, { org: 'org_1001' })
    ).jar.header();
    const branch = await t.app.inject({
      url: `/api/payment/analytics/chain?from=${TODAY}&to=${TODAY}`,
      headers: { cookie: atBranch },
    });
    expect(branch.statusCode).toBe(404);
    expect(branch.json()).toEqual({ code: 'NOT_FOUND', message: ANALYTICS_MESSAGES.notAChain });
    const refused = await t.app.inject({
      url: `/api/payment/analytics/chain?from=${TODAY}&to=${TODAY}`,
      headers: { cookie: manager },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('the rollups', () => {
  it('stay exact under payments and refunds at once into the same hour, from two servers', async () => {
    await moveClockTo(new Date(TODAY_01.getTime() + 30 * 60_000));
    const before = await analytics(manager, TODAY);
    // A second server on a connection of its own (PostgreSQL): its ledger writer posts beside the first's.
    const database: DatabaseHandle | undefined = t.databaseUrl
      ? await openDatabase({ databaseUrl: t.databaseUrl, dataDir: 'memory://' })
      : undefined;
    const other = await anotherServer(t, { now: clock.now, ...(database ? { database } : {}) });
    try {
      const apps = [t.app, other];
      const paid = await Promise.all(
        Array.from({ length: 16 }, (_, i) => payment(10_00 + i, manager, apps[i % 2]!)),
      );
      await Promise.all(paid.slice(0, 8).map((order, i) => refund(order, 1_00 + i, apps[i % 2]!)));
      // And the JAM-DEX network's records, each in a transaction of its own.
      const wallet = await t.database.db
        .selectFrom('accounts')
        .select('id')
        .where('merchant_id', '=', 1001)
        .where('type', '=', 'CBDC')
        .executeTakeFirstOrThrow();
      await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          t.database.db.transaction().execute((trx) =>
            trx
              .insertInto('cbdc_payments')
              .values({
                merchant_id: 1001,
                account_id: wallet.id,
                from_id: `JD-${i % 3}`,
                amount: String(5_00 + i),
                status: 'Success',
                created_at: clock.now(),
              })
              .execute(),
          ),
        ),
      );
    } finally {
      await other.close();
      await database?.close();
    }
    const after = await analytics(manager, TODAY);
    const paidSum = Array.from({ length: 16 }, (_, i) => 10_00 + i).reduce((a, b) => a + b, 0);
    const refundSum = Array.from({ length: 8 }, (_, i) => 1_00 + i).reduce((a, b) => a + b, 0);
    expect(minus(after.jmd.current, before.jmd.current)).toEqual({
      payments_count: 16,
      payments: paidSum,
      refunds_count: 8,
      refunds: refundSum,
      net: paidSum - refundSum,
    });
    expect(after.jam_dex!.current.payments - before.jam_dex!.current.payments).toBe(8 * 5_00 + 28);
    const { ok, violations } = await verifyLedger(t.database.db);
    expect(violations).toMatchObject({
      analyticsHourlyNotMatching: 0,
      analyticsDailyNotMatching: 0,
      analyticsMonthlyNotMatching: 0,
      analyticsDailyTotalsNotMatching: 0,
      analyticsPayersNotMatching: 0,
    });
    expect(ok).toBe(true);
  });

  it('are checked by the ledger verification: a rollup row that drifts is reported', async () => {
    const db = t.database.db;
    const bump = (table: string, key: string, by: number) =>
      sql`update ${sql.table(table)} set payments = payments + ${by}
          where (${sql.raw(key)}) = (select ${sql.raw(key)} from ${sql.table(table)}
                                     where merchant_id = 1001 order by ${sql.raw(key)} limit 1)`.execute(db);
    const figures = 'merchant_id, wallet, channel, cashier_id';
    for (const [table, key, check] of [
      ['analytics_hourly', `${figures}, hour`, 'analyticsHourlyNotMatching'],
      ['analytics_daily', `${figures}, day`, 'analyticsDailyNotMatching'],
      ['analytics_monthly', `${figures}, month`, 'analyticsMonthlyNotMatching'],
      ['analytics_daily_totals', 'merchant_id, wallet, day', 'analyticsDailyTotalsNotMatching'],
      ['analytics_payers', 'merchant_id, wallet, span, start, payer', 'analyticsPayersNotMatching'],
    ] as const) {
      await bump(table, key, 1);
      const broken = await verifyLedger(db);
      expect(broken.ok, table).toBe(false);
      expect(broken.violations[check], table).toBe(1);
      await bump(table, key, -1);
      expect((await verifyLedger(db)).ok, table).toBe(true);
    }
  });

  it('are counted once from what exists when the migration runs (the backfill)', async () => {
    const before = await analytics(manager, addDays(TODAY, -99), TODAY);
    const db = t.database.db as never;
    await analyticsRollups.down(db);
    await analyticsRollups.up(db);
    expect(await analytics(manager, addDays(TODAY, -99), TODAY)).toEqual(before);
    expect((await verifyLedger(t.database.db)).ok).toBe(true);
  });
});
