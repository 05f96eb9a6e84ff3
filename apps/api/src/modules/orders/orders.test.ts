import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PRODUCT_MESSAGES } from '@lynk/contract/messages';
import { balanceOf, branchAccounts, newKey } from '../../test/accounts.ts';
import { expectSoundLedger, walletDebit } from '../../test/ledger.ts';
import { verifyLedger } from '../ledger/service.ts';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { createConsumer } from '../../world/consumers.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';
import { payPayLink, type Consumer } from './pay-service.ts';
import { expireOrders } from './repository.ts';

let t: TestApp;
let manager: string;
let cashier: string;
let otherBranchManager: string;
let kingstonWallet: number;
let customer: Consumer;
let broke: Consumer;

const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  manager = (await signIn(t.app, 'manager.kingston@bluemountain.example', DEMO_PASSWORD)).jar.header();
  cashier = (await signIn(t.app, 'cashier.kingston@bluemountain.example', DEMO_PASSWORD)).jar.header();
  otherBranchManager = (
    await signIn(t.app, 'manager.montego@bluemountain.example', DEMO_PASSWORD)
  ).jar.header();
  kingstonWallet = (await branchAccounts(t, 1001)).wallet;
  const person = (handle: string, balance: bigint) => ({
    handle,
    email: `${handle.slice(1)}@customers.example`,
    displayName: handle,
    passwordHash: 'not-used-here',
    balance,
    at: new Date(),
  });
  customer = await createConsumer(t.database.db, t.app.ledger, person('@orders.customer', 5_000_000n));
  broke = await createConsumer(t.database.db, t.app.ledger, person('@orders.broke', 100n));
});
afterAll(async () => {
  await expectSoundLedger(t.database.db);
  await t.close();
});

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, cookie: string, body: unknown, key: string | null = newKey()) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { cookie, 'x-lynk-csrf': '1', ...(key ? { 'idempotency-key': key } : {}) },
    payload: body as object,
  });

async function requestPayment(cookie: string, amount: number, description = 'Two flat whites') {
  const response = await post('/api/payment/customer-transactions', cookie, {
    amount_to_pay: amount,
    description,
  });
  expect(response.statusCode).toBe(201);
  return response.json().data as {
    m_order_id: string;
    amount_to_pay: number;
    short_url: string;
    expires_at: string;
  };
}

const codeOf = (shortUrl: string) => shortUrl.split('/pay/')[1]!;

async function pay(consumer: Consumer, shortUrl: string, now = new Date()) {
  const claim = {
    scope: `consumer:${consumer.id}`,
    key: newKey(),
    requestHash: 'h',
    expiresAt: new Date(now.getTime() + HOUR),
  };
  return payPayLink(t.database.db, t.app.ledger, consumer, codeOf(shortUrl), claim, now);
}

async function order(id: string, cookie = manager) {
  const response = await get(`/api/payment/customer-transactions/${id}`, cookie);
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

describe('payment requests', () => {
  it('creates an order awaiting payment with an unguessable pay link, its commission and GCT fixed', async () => {
    const before = Date.now();
    const request = await requestPayment(manager, 1_000_00);
    expect(request.short_url).toMatch(/^http:\/\/localhost:3000\/pay\/[A-Za-z0-9_-]{22}$/);
    // The link says when it stops taking payments: the configured time after it was made (24 h).
    const lifetime = Date.parse(request.expires_at) - before;
    expect(lifetime).toBeGreaterThanOrEqual(24 * 60 * 60 * 1000);
    expect(lifetime).toBeLessThan(24 * 60 * 60 * 1000 + 60_000);
    expect(await order(request.m_order_id)).toMatchObject({
      m_order_id: request.m_order_id,
      status: 'RECEIVED',
      amount_to_pay: 1_000_00,
      fee: 25_00,
      tax: 3_75,
      channel: 'PAYMENT_LINK',
      description: 'Two flat whites',
      transfer_id: null,
      cashier_name: null,
    });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'organization_id', 'details'])
      .where('subject', '=', request.m_order_id)
      .execute();
    expect(audit).toEqual([
      { action: 'order.payment_requested', organization_id: 'org_1001', details: { amount: 1_000_00 } },
    ]);
  });

  it('replays a retried request with the same key, and refuses the key with another body', async () => {
    const key = newKey();
    const first = await post('/api/payment/customer-transactions', manager, { amount_to_pay: 500 }, key);
    const again = await post('/api/payment/customer-transactions', manager, { amount_to_pay: 500 }, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const other = await post('/api/payment/customer-transactions', manager, { amount_to_pay: 600 }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('refuses bad input with a clear 4xx and creates nothing', async () => {
    const before = (await get('/api/payment/customer-transactions?limit=1', manager)).json().meta_data.total;
    const cases: Array<[unknown, string | null, number, string]> = [
      [{ amount_to_pay: 99 }, newKey(), 400, MESSAGES.paymentRequest.amountTooLow],
      [{ amount_to_pay: 0 }, newKey(), 400, MESSAGES.paymentRequest.amountTooLow],
      [{ amount_to_pay: 1.5 }, newKey(), 400, ''],
      [{ amount_to_pay: 500, description: 'x'.repeat(101) }, newKey(), 400, ''],
      [{ amount_to_pay: 500, currency: 'USD' }, newKey(), 400, ''],
      [{ amount_to_pay: 500, extra: true }, newKey(), 400, ''],
      [{ amount_to_pay: 500 }, null, 400, PRODUCT_MESSAGES.idempotencyKeyRequired],
    ];
    for (const [body, key, status, message] of cases) {
      const response = await post('/api/payment/customer-transactions', manager, body, key);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json()).toMatchObject({
        code: expect.any(String),
        message: expect.stringContaining(message),
      });
    }
    expect((await get('/api/payment/customer-transactions?limit=1', manager)).json().meta_data.total).toBe(
      before,
    );
  });
});

describe('paying a link', () => {
  it("moves the amount from the customer's wallet: the merchant gets it less commission and GCT", async () => {
    const request = await requestPayment(manager, 2_000_00);
    const [customerBefore, merchantBefore] = [
      await balanceOf(t, customer.walletAccountId),
      await balanceOf(t, kingstonWallet),
    ];
    const paid = await pay(customer, request.short_url);
    expect(paid).toMatchObject({ outcome: 'accepted', statusCode: 200 });
    expect(await balanceOf(t, customer.walletAccountId)).toBe(customerBefore - 2_000_00n);
    expect(await balanceOf(t, kingstonWallet)).toBe(merchantBefore + 2_000_00n - 50_00n - 7_50n);
    const paidOrder = await order(request.m_order_id);
    expect(paidOrder).toMatchObject({ status: 'PAID', lynk_id: '@orders.customer', fee: 50_00, tax: 7_50 });
    expect(paidOrder.transfer_id).toMatch(/^\d+$/);
    expect((paid as { body: { data: { transfer_id: string } } }).body.data.transfer_id).toBe(
      paidOrder.transfer_id,
    );
  });

  it('refuses a second payment, and a payment without enough money leaves the link payable', async () => {
    const request = await requestPayment(manager, 10_00);
    expect(await pay(broke, request.short_url)).toMatchObject({
      outcome: 'refused',
      statusCode: 422,
      body: { code: 'INSUFFICIENT_FUNDS', message: PRODUCT_MESSAGES.payInsufficientFunds },
    });
    expect((await order(request.m_order_id)).status).toBe('RECEIVED');
    await pay(customer, request.short_url);
    await expect(pay(customer, request.short_url)).rejects.toMatchObject({
      statusCode: 409,
      message: PRODUCT_MESSAGES.payLinkPaid,
    });
  });

  it('cannot pay an expired link; the expiry job marks it EXPIRED', async () => {
    const request = await requestPayment(manager, 10_00);
    const tomorrow = new Date(Date.now() + 25 * HOUR);
    await expect(pay(customer, request.short_url, tomorrow)).rejects.toMatchObject({
      statusCode: 409,
      message: PRODUCT_MESSAGES.payLinkExpired,
    });
    expect(await expireOrders(t.database.db, tomorrow)).toBeGreaterThanOrEqual(1);
    expect((await order(request.m_order_id)).status).toBe('EXPIRED');
  });
});

describe('refunds', () => {
  async function paidOrder(amount: number) {
    const request = await requestPayment(manager, amount);
    await pay(customer, request.short_url);
    return order(request.m_order_id);
  }
  const refund = (id: string, kind: 'full' | 'partial', body: object, cookie = manager) =>
    post(`/api/payment/${id}/${kind}-refund`, cookie, { description: '', motif: 'WRONG', ...body });

  it('issues two partial refunds, then the rest: wallets move by the exact amounts and the order ends REFUNDED', async () => {
    const paid = await paidOrder(1_010);
    const customerBefore = await balanceOf(t, customer.walletAccountId);
    const merchantBefore = await balanceOf(t, kingstonWallet);

    const first = await refund(paid.m_order_id, 'partial', {
      amount_to_refund: 400,
      transferID: paid.transfer_id,
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({
      transactionID: paid.m_order_id,
      amount_to_refund: 400,
      motif: 'WRONG',
    });
    const second = await refund(paid.m_order_id, 'partial', {
      amount_to_refund: 300,
      transferID: paid.transfer_id,
    });
    expect(second.statusCode).toBe(201);
    expect((await order(paid.m_order_id)).status).toBe('PAID');

    const over = await refund(paid.m_order_id, 'partial', {
      amount_to_refund: 311,
      transferID: paid.transfer_id,
    });
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe(MESSAGES.refund.amountOverTotal);

    const rest = await refund(paid.m_order_id, 'full', {
      amount_to_refund: 310,
      transferID: paid.transfer_id,
    });
    expect(rest.statusCode).toBe(201);
    expect(await order(paid.m_order_id)).toMatchObject({ status: 'REFUNDED', amount_refunded: 1_010 });

    // The customer gets the whole amount back; the merchant pays it less the commission and GCT,
    // which Lynk gives back in full over the three refunds.
    expect(await balanceOf(t, customer.walletAccountId)).toBe(customerBefore + 1_010n);
    expect(await balanceOf(t, kingstonWallet)).toBe(merchantBefore - (1_010n - 25n - 4n));
    const shares = [first, second, rest].map((r) => r.json().data);
    expect(shares.reduce((sum, r) => sum + r.commission_refund, 0)).toBe(25);
    expect(shares.reduce((sum, r) => sum + r.gct_refund, 0)).toBe(4);

    const listed = (await get('/api/payment/refund-transactions', manager)).json().result;
    const ids = shares.map((r) => r.refund_transfer_id);
    expect(
      listed.filter((r: { refund_transfer_id: string }) => ids.includes(r.refund_transfer_id)),
    ).toHaveLength(3);
  });

  it('refuses a refund of an order that is not paid, a full refund of less than what is left, and a foreign order', async () => {
    const unpaid = await requestPayment(manager, 10_00);
    const notPaid = await refund(unpaid.m_order_id, 'full', { amount_to_refund: 10_00, transferID: '1' });
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json()).toEqual({
      code: 'ORDER_NOT_REFUNDABLE',
      message: PRODUCT_MESSAGES.orderNotRefundable,
    });

    const paid = await paidOrder(10_00);
    const partialAsFull = await refund(paid.m_order_id, 'full', {
      amount_to_refund: 5_00,
      transferID: paid.transfer_id,
    });
    expect(partialAsFull.statusCode).toBe(422);
    const wrongTransfer = await refund(paid.m_order_id, 'partial', {
      amount_to_refund: 5_00,
      transferID: '1',
    });
    expect(wrongTransfer.statusCode).toBe(422);
    const tooSmall = await refund(paid.m_order_id, 'partial', {
      amount_to_refund: 99,
      transferID: paid.transfer_id,
    });
    expect(tooSmall.statusCode).toBe(400);
    const noReason = await refund(paid.m_order_id, 'partial', {
      amount_to_refund: 5_00,
      transferID: paid.transfer_id,
      motif: undefined,
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain(MESSAGES.refund.reasonRequired);

    const foreign = await refund(
      paid.m_order_id,
      'full',
      { amount_to_refund: 10_00, transferID: paid.transfer_id },
      otherBranchManager,
    );
    expect(foreign.statusCode).toBe(404);
    expect(
      (await get(`/api/payment/customer-transactions/${paid.m_order_id}`, otherBranchManager)).statusCode,
    ).toBe(404);
    expect((await order(paid.m_order_id)).amount_refunded).toBe(0);
  });

  it('replays a retried refund instead of refunding twice', async () => {
    const paid = await paidOrder(10_00);
    const key = newKey();
    const body = { amount_to_refund: 3_00, transferID: paid.transfer_id, description: '', motif: 'DAMAGED' };
    const first = await post(`/api/payment/${paid.m_order_id}/partial-refund`, manager, body, key);
    const again = await post(`/api/payment/${paid.m_order_id}/partial-refund`, manager, body, key);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await order(paid.m_order_id)).amount_refunded).toBe(3_00);
  });

  it('replays a retried full refund after the order became REFUNDED, instead of refusing it', async () => {
    const paid = await paidOrder(10_00);
    const key = newKey();
    const body = { amount_to_refund: 10_00, transferID: paid.transfer_id, description: '', motif: 'WRONG' };
    const first = await post(`/api/payment/${paid.m_order_id}/full-refund`, manager, body, key);
    expect(first.statusCode).toBe(201);
    const again = await post(`/api/payment/${paid.m_order_id}/full-refund`, manager, body, key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect((await order(paid.m_order_id)).status).toBe('REFUNDED');
  });

  it('is checked by the ledger verification: a kept count or a refunded amount that drifts is reported', async () => {
    const db = t.database.db;
    const paid = await paidOrder(20_00);
    await refund(paid.m_order_id, 'partial', { amount_to_refund: 5_00, transferID: paid.transfer_id });
    await db
      .updateTable('order_counts')
      .set((eb) => ({ n: eb('n', '+', '1') }) as never)
      .execute();
    await db
      .updateTable('orders')
      .set({ refunded: '1' } as never)
      .where('id', '=', paid.m_order_id)
      .execute();
    const { violations } = await verifyLedger(db);
    expect(violations.countsNotMatchingOrders).toBeGreaterThan(0);
    expect(violations.ordersNotMatchingRefunds).toBe(1);
    await db
      .updateTable('order_counts')
      .set((eb) => ({ n: eb('n', '-', '1') }) as never)
      .execute();
    await db
      .updateTable('orders')
      .set({ refunded: '500' } as never)
      .where('id', '=', paid.m_order_id)
      .execute();
    await expectSoundLedger(db);
  });

  it('refunds in full the few cents partial refunds left, though a partial refund needs J$1', async () => {
    const paid = await paidOrder(10_00);
    const partial = await refund(paid.m_order_id, 'partial', {
      amount_to_refund: 9_50,
      transferID: paid.transfer_id,
    });
    expect(partial.statusCode).toBe(201);
    const tooSmall = await refund(paid.m_order_id, 'partial', {
      amount_to_refund: 50,
      transferID: paid.transfer_id,
    });
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.json().message).toBe(MESSAGES.refund.amountRequired);
    const rest = await refund(paid.m_order_id, 'full', {
      amount_to_refund: 50,
      transferID: paid.transfer_id,
    });
    expect(rest.statusCode).toBe(201);
    expect(await order(paid.m_order_id)).toMatchObject({ status: 'REFUNDED', amount_refunded: 10_00 });
  });

  it("refuses a refund the merchant's main wallet cannot cover, and moves nothing", async () => {
    const paid = await paidOrder(10_00);
    const { bank } = await branchAccounts(t, 1001);
    const settlement = await t.app.ledger.internalAccount('bankSettlement', 1001);
    const accounts = { merchantId: 1001, wallet: kingstonWallet, bank, settlement };
    const held = await balanceOf(t, kingstonWallet);
    // Everything but J$1.00 leaves the wallet; the refund needs J$9.71 of it.
    await t.app.ledger.post(walletDebit(accounts, held - 1_00n));
    const customerBefore = await balanceOf(t, customer.walletAccountId);
    const answer = await refund(paid.m_order_id, 'full', {
      amount_to_refund: 10_00,
      transferID: paid.transfer_id,
    });
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toEqual({ code: 'INSUFFICIENT_FUNDS', message: MESSAGES.refund.balanceTooLow });
    expect(await balanceOf(t, customer.walletAccountId)).toBe(customerBefore);
    expect(await balanceOf(t, kingstonWallet)).toBe(1_00n);
    expect(await order(paid.m_order_id)).toMatchObject({ status: 'PAID', amount_refunded: 0 });
    await t.app.ledger.post(walletDebit(accounts, -(held - 1_00n)));
  });

  it('gives one of two simultaneous full refunds, never both', async () => {
    const paid = await paidOrder(10_00);
    const body = { amount_to_refund: 10_00, transferID: paid.transfer_id };
    const answers = await Promise.all([
      refund(paid.m_order_id, 'full', body),
      refund(paid.m_order_id, 'full', body),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect((await order(paid.m_order_id)).amount_refunded).toBe(10_00);
  });
});

describe('who sees which orders', () => {
  it("shows a cashier their own orders only, with their name, and hides a colleague's", async () => {
    const own = await requestPayment(cashier, 7_00);
    const colleagues = await requestPayment(manager, 8_00);
    const listed = (await get('/api/payment/customer-transactions?limit=100', cashier)).json();
    const ids = listed.result.map((o: { m_order_id: string }) => o.m_order_id);
    expect(ids).toContain(own.m_order_id);
    expect(ids).not.toContain(colleagues.m_order_id);
    expect(listed.result.every((o: { cashier_name: string }) => o.cashier_name === 'Jodi Henry')).toBe(true);
    expect(
      (await get(`/api/payment/customer-transactions/${colleagues.m_order_id}`, cashier)).statusCode,
    ).toBe(404);
    expect((await order(own.m_order_id)).cashier_name).toBe('Jodi Henry');
  });

  it('lets a cashier neither refund nor read refunds', async () => {
    expect((await post('/api/payment/1/full-refund', cashier, {})).statusCode).toBe(403);
    expect((await get('/api/payment/refund-transactions', cashier)).statusCode).toBe(403);
  });

  it("keeps the unfiltered total equal to the orders there are, the merchant's and a cashier's own", async () => {
    const counted = async (cookie: string) =>
      (await get('/api/payment/customer-transactions?limit=1', cookie)).json().meta_data.total as number;
    const filtered = async (cookie: string) =>
      (
        await get('/api/payment/customer-transactions?limit=1&from_utc=2000-01-01&to_utc=2099-12-31', cookie)
      ).json().meta_data.total as number;
    const [all, own] = [await counted(manager), await counted(cashier)];
    expect(all).toBe(await filtered(manager));
    expect(own).toBe(await filtered(cashier));
    await requestPayment(cashier, 5_00);
    expect(await counted(manager)).toBe(all + 1);
    expect(await counted(cashier)).toBe(own + 1);
  });

  it('pages through the orders newest first, or oldest first, without a gap or a repeat', async () => {
    const page = async (offset: number, sort: 'ASC' | 'DESC') =>
      (await get(`/api/payment/customer-transactions?limit=3&offset=${offset}&sort=${sort}`, manager))
        .json()
        .result.map((o: { m_order_id: string; datetime: string }) => o);
    const newest = [...(await page(0, 'DESC')), ...(await page(3, 'DESC'))];
    const ids = newest.map((o) => o.m_order_id);
    expect(new Set(ids).size).toBe(6);
    const times = newest.map((o) => o.datetime);
    expect([...times].sort().reverse()).toEqual(times);
    const oldest = await page(0, 'ASC');
    expect(oldest.map((o: { datetime: string }) => o.datetime)).toEqual(
      oldest.map((o: { datetime: string }) => o.datetime).sort(),
    );
    expect(oldest[0].datetime <= newest[5].datetime).toBe(true);
  });

  it('answers a malformed order id with 400', async () => {
    expect((await get('/api/payment/customer-transactions/abc', manager)).statusCode).toBe(400);
    expect((await get('/api/payment/customer-transactions/1e5', manager)).statusCode).toBe(400);
  });
});
