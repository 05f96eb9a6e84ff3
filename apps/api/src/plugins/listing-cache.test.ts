import { sql } from 'kysely';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { branchAccounts, newKey } from '../test/accounts.ts';
import { listing, primed, queriesDuring, COUNTED_QUERIES_ENV } from '../test/listing-queries.ts';
import { createTestApp, signIn, type TestApp } from '../test/test-app.ts';
import { DEMO_PASSWORD } from '../world/demo-seed.ts';

/** The listings' cache over HTTP (ADR 032): what is served again, to whom, and when it is not. */

let t: TestApp;
let manager: string;
let cashier: string;
let montego: string;
const onPostgres = Boolean(inject('postgresTemplate'));

beforeAll(async () => {
  t = await createTestApp({ env: COUNTED_QUERIES_ENV });
  const cookie = async (email: string) => (await signIn(t.app, email, DEMO_PASSWORD)).jar.header();
  manager = await cookie('manager.kingston@bluemountain.example');
  cashier = await cookie('cashier.kingston@bluemountain.example');
  montego = await cookie('manager.montego@bluemountain.example');
});
afterAll(async () => {
  await t.close();
});

const ORDERS = '/api/payment/customer-transactions?limit=100';
const REFUNDS = '/api/payment/refund-transactions';
const BATCHES = '/api/payment/batch-payments';
const transfers = (walletId: number) =>
  `/api/account/v2/connected-account-transactions?account_id=${walletId}`;

async function requestPayment(cookie: string, amount: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/payment/customer-transactions',
    headers: { cookie, 'x-lynk-csrf': '1', 'idempotency-key': newKey() },
    payload: { amount_to_pay: amount, description: 'Cache test' },
  });
  expect(response.statusCode).toBe(201);
  return response.json().data.m_order_id as string;
}

const ids = (body: { result: Array<{ m_order_id: string }> }) => body.result.map((o) => o.m_order_id);

describe('the listing cache', () => {
  it('serves a second identical request without a query, byte for byte, whatever order the query was written in', async () => {
    const first = await listing(t, `${ORDERS}&sort=DESC&offset=0`, manager);
    expect(first.queries).toBeGreaterThan(0);
    const second = await listing(t, `${ORDERS}&offset=0&sort=desc`, manager);
    expect(second.queries).toBe(0);
    expect(second.response.body).toBe(first.response.body);
    expect(second.response.headers['content-type']).toBe('application/json; charset=utf-8');
    const { wallet } = await branchAccounts(t, 1001);
    for (const url of [REFUNDS, BATCHES, transfers(wallet)]) await primed(t, url, manager);
  });

  it('answers 304 to a client that holds the same answer, and the whole answer once it changed', async () => {
    const { response } = await listing(t, ORDERS, manager);
    const etag = String(response.headers.etag);
    expect(response.headers['cache-control']).toBe('no-store');
    const ask = () =>
      t.app.inject({ method: 'GET', url: ORDERS, headers: { cookie: manager, 'if-none-match': etag } });
    const unchanged = await ask();
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    await requestPayment(manager, 3_00);
    const changed = await ask();
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('sends a kept answer compressed as the client accepts it, the same answer once decompressed', async () => {
    const plain = (await listing(t, ORDERS, manager)).response;
    const ask = (encoding: string) =>
      queriesDuring(t, () =>
        t.app.inject({
          method: 'GET',
          url: ORDERS,
          headers: { cookie: manager, 'accept-encoding': encoding },
        }),
      );
    for (const [accept, encoding, decompress] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip;q=1, br;q=0.5', 'gzip', gunzipSync],
      ['br;q=0, gzip', 'gzip', gunzipSync],
    ] as const) {
      const { result, queries } = await ask(accept);
      expect(queries).toBe(0);
      expect(result.headers['content-encoding']).toBe(encoding);
      expect(result.headers.vary).toMatch(/accept-encoding/i);
      expect(decompress(result.rawPayload).toString('utf8')).toBe(plain.body);
    }
    const identity = (await ask('identity')).result;
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain.body);
  });

  it("never gives an owned-orders cashier the manager's answer, nor the manager the cashier's", async () => {
    const managers = await requestPayment(manager, 4_00);
    const cashiers = await requestPayment(cashier, 5_00);
    const managerView = await primed(t, ORDERS, manager);
    expect(ids(managerView)).toEqual(expect.arrayContaining([managers, cashiers]));
    const cashierView = (await listing(t, ORDERS, cashier)).body;
    expect(ids(cashierView)).toContain(cashiers);
    expect(ids(cashierView)).not.toContain(managers);
    expect(cashierView.meta_data.total).toBeLessThan(managerView.meta_data.total);
    // Each now has an answer kept; each is still served their own.
    expect(ids(await primed(t, ORDERS, cashier))).not.toContain(managers);
    expect(ids((await listing(t, ORDERS, manager)).body)).toContain(managers);
  });

  it('still checks the permission on every request: a cashier is refused the refunds a manager has kept', async () => {
    await primed(t, REFUNDS, manager);
    const refused = await t.app.inject({ method: 'GET', url: REFUNDS, headers: { cookie: cashier } });
    expect(refused.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: REFUNDS });
    expect(anonymous.statusCode).toBe(401);
  });

  it("leaves another merchant's kept answers alone when one merchant's listing changes", async () => {
    const before = await primed(t, ORDERS, montego);
    await primed(t, ORDERS, manager);
    const created = await requestPayment(manager, 6_00);
    expect(ids((await listing(t, ORDERS, manager)).body)).toContain(created);
    const after = await listing(t, ORDERS, montego);
    expect(after.queries).toBe(0);
    expect(after.body).toEqual(before);
  });

  it('reads the database once for a burst of requests for the same page after a change', async () => {
    const page = '/api/payment/customer-transactions?limit=50';
    await requestPayment(manager, 2_00);
    const one = (await listing(t, page, manager)).queries;
    const created = await requestPayment(manager, 2_00);
    const { result, queries } = await queriesDuring(t, () =>
      Promise.all(
        [1, 2, 3, 4].map(() => t.app.inject({ method: 'GET', url: page, headers: { cookie: manager } })),
      ),
    );
    expect(queries).toBe(one);
    expect(new Set(result.map((r) => r.body)).size).toBe(1);
    expect(ids(result[0]!.json())).toContain(created);
  });

  it('refuses a malformed query with 400 before the cache is consulted', async () => {
    const { result, queries } = await queriesDuring(t, () =>
      t.app.inject({ method: 'GET', url: `${ORDERS}&sort=SIDEWAYS`, headers: { cookie: manager } }),
    );
    expect(result.statusCode).toBe(400);
    expect(queries).toBe(0);
  });
});

describe.runIf(onPostgres)('when the listening connection is lost', () => {
  it('stops serving and keeping answers until it is back, then caches again', async () => {
    await primed(t, ORDERS, manager);
    const admin = new pg.Client({ connectionString: t.databaseUrl });
    await admin.connect();
    try {
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = 'lynk-listing-changes'`,
      );
      await vi.waitFor(() => expect(t.app.listingCache.enabled).toBe(false), { timeout: 5000 });
      expect(t.app.listingCache.size).toBe(0);
      // A change made while nobody listens must not be hidden by an answer kept before it.
      await admin.query(`update orders set description = 'Written while deaf' where id = (
        select id from orders where merchant_id = 1001 order by created_at desc, id desc limit 1)`);
      const deaf = await listing(t, ORDERS, manager);
      expect(deaf.queries).toBeGreaterThan(0);
      expect(deaf.body.result[0].description).toBe('Written while deaf');
      expect((await listing(t, ORDERS, manager)).queries).toBeGreaterThan(0);
      await vi.waitFor(() => expect(t.app.listingCache.enabled).toBe(true), { timeout: 10_000 });
      await primed(t, ORDERS, manager);
    } finally {
      await admin.end();
    }
  });
});

describe('on the database', () => {
  it('announces nothing for a write that rolls back', async () => {
    await primed(t, ORDERS, manager);
    await t.database.db
      .transaction()
      .execute(async (trx) => {
        await sql`update orders set description = 'Rolled back' where merchant_id = 1001`.execute(trx);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect((await listing(t, ORDERS, manager)).queries).toBe(0);
  });
});
