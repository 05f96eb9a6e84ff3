import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { expireUnpaidOrders } from '../modules/orders/jobs.ts';
import { payPayLink, type Consumer } from '../modules/orders/pay-service.ts';
import { validateBatch } from '../modules/batches/jobs.ts';
import { processBatch } from '../modules/batches/processing.ts';
import { setLimit } from '../modules/ledger/limits.ts';
import { branchAccounts, newKey, postTransfer } from '../test/accounts.ts';
import { listing, primed, COUNTED_QUERIES_ENV } from '../test/listing-queries.ts';
import { createTestApp, signIn, type TestApp } from '../test/test-app.ts';
import { bulkSeedOrders } from '../world/bulk-orders.ts';
import { createConsumer } from '../world/consumers.ts';
import { DEMO_PASSWORD } from '../world/demo-seed.ts';

/**
 * Every way a listing's rows change makes the next request read them again (ADR 032): the
 * database announces the change, whoever wrote it. Each test first proves the answer was kept.
 */

let t: TestApp;
let manager: string;
let admin: string;
let customer: Consumer;
let accounts: Awaited<ReturnType<typeof branchAccounts>>;

beforeAll(async () => {
  t = await createTestApp({ env: COUNTED_QUERIES_ENV });
  const cookie = async (email: string) => (await signIn(t.app, email, DEMO_PASSWORD)).jar.header();
  manager = await cookie('manager.kingston@bluemountain.example');
  admin = await cookie('admin.kingston@bluemountain.example');
  accounts = await branchAccounts(t, 1001);
  customer = await createConsumer(t.database.db, t.app.ledger, {
    handle: '@cache.customer',
    email: 'cache.customer@customers.example',
    displayName: 'Cache Customer',
    passwordHash: 'not-used-here',
    balance: 1_000_000n,
    at: new Date(),
  });
});
afterAll(async () => {
  await t.close();
});

const ORDERS = '/api/payment/customer-transactions?limit=100';
const REFUNDS = '/api/payment/refund-transactions';
const BATCHES = '/api/payment/batch-payments';
const TRANSFERS = () => `/api/account/v2/connected-account-transactions?account_id=${accounts.wallet}`;
const HOUR = 60 * 60 * 1000;

const post = (url: string, cookie: string, body: object) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { cookie, 'x-lynk-csrf': '1', 'idempotency-key': newKey() },
    payload: body,
  });

async function requestPayment(amount: number) {
  const response = await post('/api/payment/customer-transactions', manager, { amount_to_pay: amount });
  expect(response.statusCode).toBe(201);
  const { m_order_id, short_url } = response.json().data as { m_order_id: string; short_url: string };
  return { id: m_order_id, code: short_url.split('/pay/')[1]! };
}

async function pay(code: string) {
  const now = new Date();
  const claim = {
    scope: `consumer:${customer.id}`,
    key: newKey(),
    requestHash: 'h',
    expiresAt: new Date(now.getTime() + HOUR),
  };
  await payPayLink(t.database.db, t.app.ledger, customer, code, claim, now);
}

type Order = {
  m_order_id: string;
  transfer_id: string | null;
  status: string;
  description: string | null;
  amount_refunded: number;
};
const orderIn = (body: { result: Order[] }, id: string) => body.result.find((o) => o.m_order_id === id);
const orders = async () =>
  (await listing(t, ORDERS, manager)).body as { result: Order[]; meta_data: { total: number } };

describe('the next listing shows the change after', () => {
  it('a payment request', async () => {
    const before = await primed(t, ORDERS, manager);
    const { id } = await requestPayment(12_00);
    const after = await orders();
    expect(after.meta_data.total).toBe(before.meta_data.total + 1);
    expect(after.result[0]!.m_order_id).toBe(id);
  });

  it('a customer paying the link, and a refund (on the orders and the refunds listings)', async () => {
    const { id, code } = await requestPayment(20_00);
    expect(orderIn(await primed(t, ORDERS, manager), id)?.status).toBe('RECEIVED');
    await pay(code);
    const paid = orderIn(await orders(), id);
    expect(paid?.status).toBe('PAID');

    await primed(t, ORDERS, manager);
    const refundsBefore = await primed(t, REFUNDS, manager);
    const refund = await post(`/api/payment/${id}/partial-refund`, manager, {
      amount_to_refund: 5_00,
      transferID: paid?.transfer_id,
      description: '',
      motif: 'WRONG',
    });
    expect(refund.statusCode).toBe(201);
    expect(orderIn(await orders(), id)?.amount_refunded).toBe(5_00);
    const refunds = (await listing(t, REFUNDS, manager)).body;
    expect(refunds.meta_data.total).toBe(refundsBefore.meta_data.total + 1);
    expect(refunds.result[0]).toMatchObject({ transactionID: id, amount_to_refund: 5_00 });
  });

  it('the expiry job', async () => {
    const { id } = await requestPayment(7_00);
    await primed(t, ORDERS, manager);
    expect(await expireUnpaidOrders(t.database.db, new Date(Date.now() + 48 * HOUR))).toBeGreaterThan(0);
    expect(orderIn(await orders(), id)?.status).toBe('EXPIRED');
  });

  it('a transfer', async () => {
    const before = await primed(t, TRANSFERS(), manager);
    const response = await postTransfer(t.app, admin, accounts.wallet, {
      transfer_type: 'CASH_OUT',
      account_type: 'CBDC',
      account_id: accounts.cbdc,
      amount: 1_00,
    });
    expect(response.statusCode).toBe(201);
    const after = (await listing(t, TRANSFERS(), manager)).body;
    expect(after.meta_data.total).toBe(before.meta_data.total + 1);
    expect(after.result[0].transfer_id).toBe(response.json().data.transfer_id);
  });

  it('a batch payout to a payee merchant, at each step', async () => {
    const before = await primed(t, BATCHES, admin);
    const created = await post(`${BATCHES}/single-payee`, manager, {
      lynk_id: '@bmc.montego',
      amount: 10_00,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().payees[0].batch_id as number;
    const first = (await listing(t, BATCHES, admin)).body;
    expect(first.meta_data.total).toBe(before.meta_data.total + 1);
    expect(first.result[0]).toMatchObject({ id, status: 'NEW' });

    await primed(t, BATCHES, admin);
    expect(await validateBatch(t.database.db, id, new Date())).toBe('VALIDATED');
    expect((await listing(t, BATCHES, admin)).body.result[0]).toMatchObject({ id, status: 'VALIDATED' });

    await primed(t, BATCHES, admin);
    expect((await post(`${BATCHES}/${id}/request`, manager, {})).statusCode).toBe(200);
    expect((await listing(t, BATCHES, admin)).body.result[0]).toMatchObject({
      id,
      status: 'PENDING_APPROVAL',
    });

    await setLimit(t.database.db, accounts.wallet, 'MBATCH', 10n ** 12n);
    const approved = await post(`${BATCHES}/${id}/approve`, admin, {
      account_type: 'LYNK',
      account_id: accounts.wallet,
    });
    expect(approved.statusCode).toBe(200);
    await primed(t, BATCHES, admin);
    expect(
      await processBatch(
        { db: t.database.db, ledger: t.app.ledger, railStepSeconds: null, now: () => new Date() },
        id,
      ),
    ).toBe('COMPLETED');
    expect((await listing(t, BATCHES, admin)).body.result[0]).toMatchObject({
      id,
      status: 'COMPLETED',
      payees_not_paid: 0,
    });
  });

  it('a row written by raw SQL on a connection of its own', async () => {
    const { id } = await requestPayment(8_00);
    await primed(t, ORDERS, manager);
    const write = `update orders set description = 'Changed outside the app' where id = '${id}'`;
    if (t.databaseUrl) {
      const other = new pg.Client({ connectionString: t.databaseUrl });
      await other.connect();
      await other.query(write);
      await other.end();
    } else {
      // The embedded database has one connection: the write goes around the app's code instead.
      await sql.raw(write).execute(t.database.db);
    }
    expect(orderIn(await orders(), id)?.description).toBe('Changed outside the app');
  });

  it('the bulk seeder', async () => {
    const before = await primed(t, ORDERS, manager);
    const seeder = t.databaseUrl
      ? await openDatabase({ databaseUrl: t.databaseUrl, dataDir: 'memory://' })
      : t.database;
    try {
      await bulkSeedOrders(seeder.db, { orders: 200, days: 2 });
    } finally {
      if (seeder !== t.database) await seeder.close();
    }
    expect((await orders()).meta_data.total).toBeGreaterThan(before.meta_data.total);
  });

  it("a merchant's new name (the refunds' From) and a staff member's (the batches' Uploaded by)", async () => {
    const refunds = await primed(t, REFUNDS, manager);
    expect(refunds.result.length).toBeGreaterThan(0);
    await sql`update merchants set name = 'Blue Mountain Coffee — New Kingston' where id = 1001`.execute(
      t.database.db,
    );
    expect((await listing(t, REFUNDS, manager)).body.result[0].from).toBe(
      'Blue Mountain Coffee — New Kingston',
    );

    const batches = await primed(t, BATCHES, admin);
    const uploader = batches.result[0].created_by as string;
    await sql`update users set display_name = 'Renamed Uploader' where display_name = ${uploader}`.execute(
      t.database.db,
    );
    expect((await listing(t, BATCHES, admin)).body.result[0].created_by).toBe('Renamed Uploader');
  });
});
