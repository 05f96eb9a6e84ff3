import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_COLUMNS } from '@lynk/contract/reporting';
import { anotherServer, createTestApp, signIn, testClock, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';
import { addDays, jamaicaDate } from '../ledger/jamaica-time.ts';
import { runExport } from './export-all-job.ts';

const clock = testClock();
let t: TestApp;
const cookies: Record<string, string> = {};
const START = '/api/reporting/v2/exports/all';
const LAST = '/api/reporting/v2/transfers/exports';
const file = (id: string) => `/api/reporting/v2/exports/all/${id}/csv`;
const today = jamaicaDate(clock.now());
const week = { start: addDays(today, -7), end: today };

const start = (who: string, body: object) =>
  t.app.inject({
    method: 'POST',
    url: START,
    headers: { 'x-lynk-csrf': '1', cookie: cookies[who]! },
    payload: body,
  });
const get = (who: string, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: cookies[who]!, ...headers } });
const exportCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('background_exports')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Starts an export and runs its job here (pages of 3 rows: several chunks even for a small range). */
async function exported(who: string, body: object, pageRows = 3) {
  const started = await start(who, body);
  expect(started.statusCode, started.body).toBe(202);
  const id = started.json().result.id as string;
  expect(await runExport({ db: t.database.db, now: clock.now, pageRows }, id)).toBe('READY');
  return id;
}

const listingIds = async (path: string, idKey: string, who: string, range = week) => {
  const response = await get(who, `${path}?offset=0&limit=100&from_utc=${range.start}&to_utc=${range.end}`);
  expect(response.statusCode).toBe(200);
  return (response.json().result as Record<string, string>[]).map((row) => row[idKey]);
};

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  for (const who of ['admin.kingston', 'manager.kingston', 'cashier.kingston', 'manager.montego']) {
    cookies[who] = (await signIn(t.app, `${who}@bluemountain.example`, DEMO_PASSWORD)).jar.header();
  }
});
afterAll(async () => {
  await t.close();
});

describe('"Export all"', () => {
  it("writes exactly the spec's report of the same range, the listing's rows newest first", async () => {
    const id = await exported('manager.kingston', { source: 'orders', ...week });
    const sync = await t.app.inject({
      method: 'POST',
      url: '/api/reporting/v2/transfers/exports/csv',
      headers: { 'x-lynk-csrf': '1', cookie: cookies['manager.kingston']! },
      payload: { ...week, types: ['Orders'] },
    });
    expect(sync.statusCode, sync.body).toBe(200);
    const expected = Buffer.from(sync.json().result.base64File, 'base64').toString('utf8');
    expect(parse(expected).length).toBeGreaterThan(4);

    // Without gzip in Accept-Encoding the server inflates it; with it, the stored gzip is sent.
    const plain = await get('manager.kingston', file(id));
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^text\/csv/);
    expect(plain.headers['content-disposition']).toBe(
      `attachment; filename="orders_${week.start}_to_${week.end}.csv"`,
    );
    expect(plain.body).toBe(expected);
    const gzipped = await get('manager.kingston', file(id), { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(expected);
  });

  it('holds what each listing shows: transfers, refunds, payouts, JAM-DEX payments', async () => {
    for (const [source, path, key, table] of [
      ['transfers', '/api/account/v2/connected-account-transactions', 'transfer_id', 'Transfers'],
      ['refunds', '/api/payment/refund-transactions', 'refund_transfer_id', 'Refunds'],
    ] as const) {
      const id = await exported('admin.kingston', { source, ...week });
      const [header, ...rows] = parse((await get('admin.kingston', file(id))).body) as string[][];
      expect(header).toEqual([...REPORT_COLUMNS]);
      const ids = await listingIds(path, key, 'admin.kingston');
      expect(rows.map((row) => `${row[0]}:${row[1]}`)).toEqual(ids.map((one) => `${table}:${one}`));
    }
    const payouts = await exported('admin.kingston', { source: 'payouts' });
    const payoutRows = parse((await get('admin.kingston', file(payouts))).body) as string[][];
    expect(payoutRows.length).toBeGreaterThan(1);
    expect(payoutRows.slice(1).every((row) => row[0] === 'Payouts')).toBe(true);
    const payments = await exported('admin.kingston', { source: 'payments' });
    const paymentRows = parse((await get('admin.kingston', file(payments))).body) as string[][];
    expect(paymentRows.length).toBeGreaterThan(1);
    expect(paymentRows.slice(1).every((row) => row[0] === 'Payments' && row[7] === 'JAM-DEX')).toBe(true);
  });

  it('gives a cashier only the orders they took, as their orders tab does', async () => {
    const id = await exported('cashier.kingston', { source: 'orders' }, 50);
    const rows = (parse((await get('cashier.kingston', file(id))).body) as string[][]).slice(1);
    const own = await t.database.db
      .selectFrom('orders')
      .innerJoin('users', 'users.id', 'orders.created_by')
      .select('orders.id')
      .where('orders.merchant_id', '=', 1001)
      .where('users.email', '=', 'cashier.kingston@bluemountain.example')
      .orderBy('orders.created_at', 'desc')
      .orderBy('orders.id', 'desc')
      .execute();
    expect(rows.map((row) => row[1])).toEqual(own.map((order) => order.id));
    const all = await t.database.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('merchant_id', '=', 1001)
      .executeTakeFirstOrThrow();
    expect(rows.length).toBeLessThan(Number(all.n));
  });

  it("refuses a listing the caller may not read, and another's file is not found", async () => {
    const before = await exportCount();
    for (const source of ['refunds', 'transfers', 'payouts']) {
      expect((await start('cashier.kingston', { source })).statusCode).toBe(403);
    }
    expect(await exportCount()).toBe(before);
    const id = await exported('manager.kingston', { source: 'orders', ...week });
    // Another merchant's staff, and a colleague at the same merchant: as if it did not exist.
    expect((await get('manager.montego', file(id))).statusCode).toBe(404);
    expect((await get('admin.kingston', file(id))).statusCode).toBe(404);
    expect((await get('cashier.kingston', file(id))).statusCode).toBe(404);
    expect((await get('manager.kingston', file('999999999'))).statusCode).toBe(404);
  });

  it('refuses bad input and writes nothing', async () => {
    const before = await exportCount();
    for (const body of [
      {},
      { source: 'everything' },
      { source: 'orders', start: '2026-02-30' },
      { source: 'orders', start: today, end: addDays(today, -1) },
      { source: 'orders', end: addDays(today, 1) },
      { source: 'orders', start: '1999-12-31' },
      { source: 'orders', types: ['Orders'] },
    ]) {
      const response = await start('manager.kingston', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual(
        expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
      );
    }
    expect(await exportCount()).toBe(before);
    expect((await get('manager.kingston', file('abc'))).statusCode).toBe(400);
  });

  it('takes at most three waiting or running at once per user', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await start('manager.montego', { source: 'orders' })).statusCode).toBe(202);
    }
    const before = await exportCount();
    const fourth = await start('manager.montego', { source: 'refunds' });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().code).toBe('RATE_LIMITED');
    expect(await exportCount()).toBe(before);
    // Another user is not held back by them.
    expect((await start('manager.kingston', { source: 'refunds' })).statusCode).toBe(202);
  });

  it('shows its status and rows done in Last Reports while it runs, then tells its maker alone', async () => {
    const started = await start('admin.kingston', { source: 'orders' });
    const id = started.json().result.id as string;
    const listed = async (who = 'admin.kingston') =>
      ((await get(who, LAST)).json().exports as { id: string; status: string; rows_done: number }[]).find(
        (one) => one.id === id,
      );
    expect(await listed()).toEqual(
      expect.objectContaining({ status: 'QUEUED', rows_done: 0, downloadable: false }),
    );
    expect((await get('admin.kingston', file(id))).statusCode).toBe(409);
    const seen: unknown[] = [];
    const result = await runExport(
      {
        db: t.database.db,
        now: clock.now,
        pageRows: 4,
        afterChunk: async (seq) => {
          if (seq === 1) seen.push(await listed());
        },
      },
      id,
    );
    expect(result).toBe('READY');
    expect(seen).toEqual([expect.objectContaining({ status: 'RUNNING', rows_done: 8, downloadable: false })]);
    const done = await listed();
    expect(done).toEqual(expect.objectContaining({ status: 'READY', downloadable: true }));
    expect(done!.rows_done).toBeGreaterThan(8);
    // The spec's list stays as it was beside it.
    expect(Array.isArray((await get('admin.kingston', LAST)).json().result)).toBe(true);
    expect(await listed('manager.kingston')).toBeUndefined();

    const notifications = async (who: string) =>
      (
        (await get(who, '/api/profile/notifications?offset=0&limit=50')).json().result as {
          code: string;
          data: { export_id?: string };
          body: string;
        }[]
      ).filter((one) => one.code === 'EXPORT_READY' && one.data.export_id === id);
    const mine = await notifications('admin.kingston');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.body).toContain(`${done!.rows_done} rows`);
    expect(await notifications('manager.kingston')).toHaveLength(0);
    // The download is audited as the spec's report downloads are.
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject', '=', `export:${id}`)
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['report.export_all_requested']);
    await get('admin.kingston', file(id));
    const after = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject', '=', `export:${id}`)
      .orderBy('id')
      .execute();
    expect(after.map((row) => row.action)).toEqual(['report.export_all_requested', 'report.downloaded']);
  });

  it('is written once by two workers: the second finds it taken', async () => {
    const started = await start('manager.kingston', { source: 'orders', ...week });
    const id = started.json().result.id as string;
    const deps = { db: t.database.db, now: clock.now, pageRows: 3 };
    const results = await Promise.all([runExport(deps, id), runExport(deps, id)]);
    expect(results.sort()).toEqual(['READY', 'TAKEN']);
    expect(await runExport(deps, id)).toBe('TAKEN');
  });
});

describe('an export whose worker was killed mid-way', () => {
  it('is taken over by the next worker and its file is whole', async () => {
    const whole = await exported('admin.kingston', { source: 'orders' }, 5);
    const expected = (await get('admin.kingston', file(whole))).body;
    expect(parse(expected).length).toBeGreaterThan(12);

    const started = await start('admin.kingston', { source: 'orders' });
    const id = started.json().result.id as string;
    // The first run stops dead after its second chunk, as a process killed there would.
    let resumeDeadRun = () => {};
    const dead = runExport(
      {
        db: t.database.db,
        now: clock.now,
        pageRows: 5,
        afterChunk: (seq) =>
          seq === 1 ? new Promise<void>((resolve) => (resumeDeadRun = resolve)) : undefined,
      },
      id,
    );
    await expect.poll(async () => (await get('admin.kingston', LAST)).json().exports[0].rows_done).toBe(10);
    expect((await get('admin.kingston', file(id))).statusCode).toBe(409);

    // Nothing heard of it for over two minutes: the next server's sweep at start takes it over.
    clock.advance(3 * 60_000);
    const next = await anotherServer(t, { jobs: true, now: clock.now });
    try {
      await expect
        .poll(async () => (await get('admin.kingston', LAST)).json().exports[0].status, { timeout: 20_000 })
        .toBe('READY');
    } finally {
      await next.close();
    }
    // The dead run, were it to wake, writes nothing more.
    resumeDeadRun();
    expect(await dead).toBe('LOST');
    expect((await get('admin.kingston', file(id))).body).toBe(expected);
  });
});
