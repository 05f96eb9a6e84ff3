import { get, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListeningApp, Browser, type ListeningApp } from '../../test/listening-app.ts';
import { createPayLink, payPayLink, signInCustomer } from '../../test/pay-links.ts';
import { signIn } from '../../test/test-app.ts';
import { createConsumer } from '../../world/consumers.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';
import { hashPassword } from '../identity/passwords.ts';

/** GET /api/profile/notifications/stream over a real socket, as a browser's EventSource reads it. */

let t: ListeningApp;
const STREAM = '/api/profile/notifications/stream';

beforeAll(async () => {
  t = await createListeningApp();
});
afterAll(async () => {
  await t.close();
});

interface Listener {
  status: number;
  headers: IncomingHttpHeaders;
  events: { event: string; id: string; data: string }[];
  /** Resolves on the stream's `: connected` comment: from then on no notification is missed. */
  connected: Promise<void>;
  close: () => void;
}

/** Opens the stream as `email` (over node:http, so closing it closes the socket as a tab would). */
async function listen(email: string): Promise<Listener> {
  const browser = new Browser(t.origin);
  await browser.signInFully(email, DEMO_PASSWORD);
  const events: Listener['events'] = [];
  let isConnected!: () => void;
  const connected = new Promise<void>((done) => (isConnected = done));
  return new Promise((resolve, reject) => {
    const request = get(
      new URL(STREAM, t.origin),
      {
        headers: {
          accept: 'text/event-stream',
          'accept-encoding': 'br, gzip',
          cookie: `lynk_session=${browser.cookie('lynk_session')}`,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
          let end: number;
          while ((end = text.indexOf('\n\n')) >= 0) {
            const block = text.slice(0, end);
            text = text.slice(end + 2);
            if (block.split('\n').includes(': connected')) isConnected();
            const field = (name: string) =>
              block
                .split('\n')
                .find((line) => line.startsWith(`${name}: `))
                ?.slice(name.length + 2);
            if (field('event'))
              events.push({ event: field('event')!, id: field('id')!, data: field('data')! });
          }
        });
        response.on('error', () => {});
        resolve({
          status: response.statusCode!,
          headers: response.headers,
          events,
          connected,
          close: () => request.destroy(),
        });
      },
    );
    request.on('error', (error) => (error.message === 'socket hang up' ? undefined : reject(error)));
  });
}

async function insert(merchantId: number, code: string, data: object = {}) {
  const row = await t.database.db
    .insertInto('notifications')
    .values({
      merchant_id: merchantId,
      code,
      title: code,
      body: code,
      data: JSON.stringify(data),
      created_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The data of a payment notification about an order `email` took (the seed's), the `n`-th. */
async function paymentOfOrderBy(email: string, n = 0) {
  const order = await t.database.db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.created_by')
    .select('orders.id')
    .where('users.email', '=', email)
    .orderBy('orders.id')
    .offset(n)
    .limit(1)
    .executeTakeFirstOrThrow();
  return { m_order_id: order.id };
}
const CASHIER = 'cashier.kingston@bluemountain.example';

async function until(condition: () => boolean) {
  for (let i = 0; i < 400 && !condition(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(condition()).toBe(true);
}

describe('the notifications stream', () => {
  it("delivers each new notification to its own merchant's staff only, and batch ones only to those who see batches", async () => {
    const manager = await listen('manager.kingston@bluemountain.example');
    const cashier = await listen(CASHIER);
    const montego = await listen('admin.montego@bluemountain.example');
    for (const l of [manager, cashier, montego]) {
      expect(l.status).toBe(200);
      expect(l.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      // Sent as written: compressed, an event would wait for the compressor's block to fill.
      expect(l.headers['content-encoding']).toBeUndefined();
      expect(l.headers['cache-control']).toBe('no-store');
      expect(l.headers['x-accel-buffering']).toBe('no');
    }
    await Promise.all([manager, cashier, montego].map((l) => l.connected));

    const paid = await insert(1001, 'PAYMENT_RECEIVED', await paymentOfOrderBy(CASHIER));
    const batch = await insert(1001, 'BATCH_DISBURSE_FUNDS_TO_APPROVE');
    const elsewhere = await insert(1002, 'PAYMENT_RECEIVED');
    // Committed last, read last: once each stream has its merchant's, nothing before it is on its way.
    const lastOf1001 = String(await insert(1001, 'PAYMENT_RECEIVED', await paymentOfOrderBy(CASHIER, 1)));
    const lastOf1002 = String(await insert(1002, 'PAYMENT_RECEIVED'));
    const upToLast = (l: Listener, last: string) => {
      const at = l.events.findIndex((e) => e.id === last);
      return at === -1 ? undefined : l.events.slice(0, at);
    };
    await until(
      () =>
        upToLast(manager, lastOf1001) !== undefined &&
        upToLast(cashier, lastOf1001) !== undefined &&
        upToLast(montego, lastOf1002) !== undefined,
    );
    expect(upToLast(manager, lastOf1001)).toEqual([
      {
        event: 'notification',
        id: String(paid),
        data: JSON.stringify({ id: paid, code: 'PAYMENT_RECEIVED' }),
      },
      {
        event: 'notification',
        id: String(batch),
        data: JSON.stringify({ id: batch, code: 'BATCH_DISBURSE_FUNDS_TO_APPROVE' }),
      },
    ]);
    expect(upToLast(cashier, lastOf1001)!.map((e) => e.id)).toEqual([String(paid)]);
    expect(upToLast(montego, lastOf1002)!.map((e) => e.id)).toEqual([String(elsewhere)]);
    for (const l of [manager, cashier, montego]) l.close();
  });

  it("sends a cashier only their own orders' payments, and the no-permission role nothing", async () => {
    const manager = await listen('manager.kingston@bluemountain.example');
    const cashier = await listen(CASHIER);
    const noAccess = await listen('noaccess@bluemountain.example');
    expect(noAccess.status).toBe(200);
    await Promise.all([manager, cashier, noAccess].map((l) => l.connected));

    const others = await insert(
      1001,
      'PAYMENT_RECEIVED',
      await paymentOfOrderBy('manager.kingston@bluemountain.example'),
    );
    const low = await insert(1001, 'LOW_BALANCE', { balance: 123_45 });
    const unlinked = await insert(1001, 'PAYMENT_RECEIVED');
    const own = await insert(1001, 'PAYMENT_RECEIVED', await paymentOfOrderBy(CASHIER, 2));
    const ids = (l: Listener) => l.events.map((e) => Number(e.id));
    await until(() => ids(manager).includes(own) && ids(cashier).includes(own));
    // The no-permission stream was handed the same rows in the same rounds; give its bytes time.
    await new Promise((r) => setTimeout(r, 300));
    expect(ids(manager)).toEqual([others, low, unlinked, own]);
    expect(ids(cashier)).toEqual([own]);
    expect(noAccess.events).toEqual([]);
    for (const l of [manager, cashier, noAccess]) l.close();
  });

  it('pushes the payment of a pay link to the merchant within a second of the payment', async () => {
    const customer = { email: 'stream.payer@customers.example', password: 'Customer!2026' };
    await createConsumer(t.database.db, t.app.ledger, {
      handle: '@stream.payer',
      email: customer.email,
      displayName: 'Stream Payer',
      passwordHash: await hashPassword(customer.password),
      balance: 1_000_00n,
      at: new Date(),
    });
    const manager = (
      await signIn(t.app, 'manager.kingston@bluemountain.example', DEMO_PASSWORD)
    ).jar.header();
    const link = await createPayLink(t.app, manager, { amount: 12_00, description: 'Espresso' });
    const { cookie } = await signInCustomer(t.app, customer);
    const admin = await listen('admin.kingston@bluemountain.example');
    await admin.connected;

    const paid = await payPayLink(t.app, link.code, cookie);
    expect(paid.statusCode).toBe(200);
    const paidAt = Date.now();
    await until(() => admin.events.some((e) => e.data.includes('PAYMENT_RECEIVED')));
    expect(Date.now() - paidAt).toBeLessThan(1_000);
    admin.close();
  });

  it('answers 401 without a session, as JSON', async () => {
    const response = await fetch(new URL(STREAM, t.origin), { headers: { accept: 'text/event-stream' } });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
