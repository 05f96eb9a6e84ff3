import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSUMER_MESSAGES } from '@lynk/contract/consumer';
import { PRODUCT_MESSAGES } from '@lynk/contract/messages';
import { balanceOf, branchAccounts, newKey } from '../../test/accounts.ts';
import { expectSoundLedger } from '../../test/ledger.ts';
import { createPayLink, payPayLink, signInCustomer } from '../../test/pay-links.ts';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { createConsumer } from '../../world/consumers.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';
import { hashPassword } from '../identity/passwords.ts';
import { expireUnpaidOrders } from './jobs.ts';

/** The customer's side of a payment request, over HTTP as the pay page calls it. */

let t: TestApp;
let manager: string;
let kingstonWallet: number;
let customerWallet: number;
const CUSTOMER = { email: 'pay.page@customers.example', password: 'Customer!2026' };
const CSRF = { 'x-lynk-csrf': '1' };

beforeAll(async () => {
  t = await createTestApp();
  manager = (await signIn(t.app, 'manager.kingston@bluemountain.example', DEMO_PASSWORD)).jar.header();
  kingstonWallet = (await branchAccounts(t, 1001)).wallet;
  const consumer = await createConsumer(t.database.db, t.app.ledger, {
    handle: '@pay.page',
    email: CUSTOMER.email,
    displayName: 'Paige Page',
    passwordHash: await hashPassword(CUSTOMER.password),
    balance: 100_000_00n,
    at: new Date(),
  });
  customerWallet = consumer.walletAccountId;
});
afterAll(async () => {
  await expectSoundLedger(t.database.db);
  await t.close();
});

const newLink = (amount = 1_500_00, description = 'Two flat whites') =>
  createPayLink(t.app, manager, { amount, description });
const customerSignIn = (credentials = CUSTOMER) => signInCustomer(t.app, credentials);
const payLink = (code: string, cookie: string, key?: string | null, headers?: Record<string, string>) =>
  payPayLink(t.app, code, cookie, key, headers);

describe('the pay link, as anyone sees it', () => {
  it("shows the merchant, the amount and the note to anyone holding the link, and nothing else's", async () => {
    const link = await newLink(1_500_00, 'Catering deposit');
    const response = await t.app.inject({ method: 'GET', url: `/api/payment/pay/${link.code}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      m_order_id: link.id,
      merchant_name: expect.stringContaining('Kingston'),
      amount_to_pay: 1_500_00,
      description: 'Catering deposit',
      status: 'RECEIVED',
      transfer_id: null,
    });
    const unknown = await t.app.inject({ method: 'GET', url: `/api/payment/pay/${'A'.repeat(22)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'NOT_FOUND', message: PRODUCT_MESSAGES.payLinkNotFound });
    for (const bad of ['short', 'x'.repeat(23), '..%2F..%2Fetc']) {
      const answer = await t.app.inject({ method: 'GET', url: `/api/payment/pay/${bad}` });
      expect(answer.statusCode, bad).toBe(400);
    }
  });

  it('reads as EXPIRED once its time has passed, and the expiry job records it', async () => {
    const link = await newLink(10_00);
    await t.database.db
      .updateTable('orders')
      .set({ expires_at: new Date(Date.now() - 1000) } as never)
      .where('id', '=', link.id)
      .execute();
    const response = await t.app.inject({ method: 'GET', url: `/api/payment/pay/${link.code}` });
    expect(response.json().data.status).toBe('EXPIRED');
    expect(await expireUnpaidOrders(t.database.db, new Date())).toBeGreaterThanOrEqual(1);
    const stored = await t.database.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('EXPIRED');
    const { cookie } = await customerSignIn();
    const paid = await payLink(link.code, cookie);
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toEqual({ code: 'ORDER_NOT_PAYABLE', message: PRODUCT_MESSAGES.payLinkExpired });
  });
});

describe("the customer's sign-in", () => {
  it('signs a customer in with their own cookie and shows their wallet', async () => {
    const { response, cookie } = await customerSignIn();
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      lynk_id: '@pay.page',
      display_name: 'Paige Page',
      balance: Number(await balanceOf(t, customerWallet)),
    });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^lynk_consumer=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/consumer-auth/session',
      headers: { cookie },
    });
    expect(session.json().data.lynk_id).toBe('@pay.page');
    // A customer is nobody on the staff side.
    const staff = await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
    expect(staff.statusCode).toBe(401);
  });

  it('refuses a wrong password or an unknown email with one answer, and a sign-in without the CSRF header', async () => {
    for (const credentials of [
      { ...CUSTOMER, password: 'wrong-password' },
      { email: 'nobody@customers.example', password: 'whatever' },
    ]) {
      const { response } = await customerSignIn(credentials);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 'UNAUTHENTICATED', message: CONSUMER_MESSAGES.signInFailed });
    }
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/consumer-auth/sign-in',
      payload: CUSTOMER,
    });
    expect(noCsrf.statusCode).toBe(403);
    const malformed = await customerSignIn({ email: 'not-an-email', password: 'x' });
    expect(malformed.response.statusCode).toBe(400);
  });

  it("refuses a closed wallet's sign-in with its reason once the password is right, and only then", async () => {
    const closed = { email: 'ricardo.henry@payees.lynk.example', password: DEMO_PASSWORD };
    const { response, cookie } = await customerSignIn(closed);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'UNAUTHENTICATED', message: CONSUMER_MESSAGES.walletClosed });
    expect(cookie).toBe('');
    // Without the password a closed wallet answers like any other refusal: nothing more is told.
    const guessed = await customerSignIn({ ...closed, password: 'wrong-password' });
    expect(guessed.response.json()).toEqual({
      code: 'UNAUTHENTICATED',
      message: CONSUMER_MESSAGES.signInFailed,
    });
  });

  it('signs out: the cookie no longer pays', async () => {
    const { cookie } = await customerSignIn();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/consumer-auth/sign-out',
      headers: { cookie, ...CSRF },
    });
    expect(out.statusCode).toBe(204);
    const link = await newLink(10_00);
    expect((await payLink(link.code, cookie)).statusCode).toBe(401);
  });

  it('answers that nobody is signed in as an answer, not an error: no cookie, a signed-out one, a staff one', async () => {
    const { cookie } = await customerSignIn();
    await t.app.inject({ method: 'POST', url: '/api/consumer-auth/sign-out', headers: { cookie, ...CSRF } });
    for (const caller of ['', cookie, manager, 'lynk_consumer=forged.value']) {
      const session = await t.app.inject({
        method: 'GET',
        url: '/api/consumer-auth/session',
        headers: caller ? { cookie: caller } : {},
      });
      expect(session.statusCode).toBe(200);
      expect(session.json()).toEqual({ data: null });
    }
  });
});

describe('paying and declining', () => {
  it("pays from the customer's wallet once: the merchant's staff are told, a retry replays", async () => {
    const link = await newLink(1_500_00);
    const { cookie } = await customerSignIn();
    const [customerBefore, merchantBefore] = [
      await balanceOf(t, customerWallet),
      await balanceOf(t, kingstonWallet),
    ];
    const key = newKey();
    const paid = await payLink(link.code, cookie, key);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'PAID', transfer_id: expect.stringMatching(/^\d+$/) });
    const replay = await payLink(link.code, cookie, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(paid.json());
    expect(await balanceOf(t, customerWallet)).toBe(customerBefore - 1_500_00n);
    // 2.5 % commission (J$37.50) and 15 % GCT on it (J$5.63) stay with Lynk.
    expect(await balanceOf(t, kingstonWallet)).toBe(merchantBefore + 1_500_00n - 37_50n - 5_63n);
    const again = await payLink(link.code, cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PRODUCT_MESSAGES.payLinkPaid);
    const notification = await t.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('code', '=', 'PAYMENT_RECEIVED')
      .where('merchant_id', '=', 1001)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(notification.body).toBe(`@pay.page paid J$1,500.00 for order #${link.id}.`);
    expect(notification.data).toMatchObject({ m_order_id: link.id, lynk_id: '@pay.page' });
  });

  it('needs a signed-in customer, the CSRF header and an Idempotency-Key; a staff session is not a customer', async () => {
    const link = await newLink(10_00);
    const { cookie } = await customerSignIn();
    expect((await payLink(link.code, '')).statusCode).toBe(401);
    expect((await payLink(link.code, manager)).statusCode).toBe(401);
    expect((await payLink(link.code, cookie, newKey(), {} as typeof CSRF)).statusCode).toBe(403);
    const noKey = await payLink(link.code, cookie, null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    const stored = await t.database.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('RECEIVED');
  });

  it('refuses the session of a wallet closed after signing in: it neither pays nor declines', async () => {
    const closing = { email: 'closing.wallet@customers.example', password: 'Closing!2026' };
    const consumer = await createConsumer(t.database.db, t.app.ledger, {
      handle: '@closing.wallet',
      email: closing.email,
      displayName: 'Closing Wallet',
      passwordHash: await hashPassword(closing.password),
      balance: 1_000_00n,
      at: new Date(),
    });
    const { cookie } = await customerSignIn(closing);
    const link = await newLink(10_00);
    await t.database.db
      .updateTable('consumers')
      .set({ active: false })
      .where('id', '=', consumer.id)
      .execute();

    const paid = await payLink(link.code, cookie);
    expect(paid.statusCode).toBe(401);
    expect(paid.json()).toEqual({ code: 'UNAUTHENTICATED', message: CONSUMER_MESSAGES.signedOut });
    const declined = await t.app.inject({
      method: 'POST',
      url: `/api/payment/pay/${link.code}/decline`,
      headers: { cookie, ...CSRF },
    });
    expect(declined.statusCode).toBe(401);
    const order = await t.database.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('RECEIVED');
    expect(await balanceOf(t, consumer.walletAccountId)).toBe(1_000_00n);
  });

  it('declines: the order becomes REJECTED and can no longer be paid', async () => {
    const link = await newLink(20_00);
    const { cookie } = await customerSignIn();
    const declined = await t.app.inject({
      method: 'POST',
      url: `/api/payment/pay/${link.code}/decline`,
      headers: { cookie, ...CSRF },
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json().data.status).toBe('REJECTED');
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/payment/customer-transactions/${link.id}`,
      headers: { cookie: manager },
    });
    expect(listed.json().data.status).toBe('REJECTED');
    const paid = await payLink(link.code, cookie);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe(PRODUCT_MESSAGES.payLinkDeclined);
  });
});
