import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES } from '@lynk/contract/messages';
import { balanceOf, branchAccounts, postTransfer } from '../../test/accounts.ts';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';

/**
 * Notifications are read through the permission of what they tell (security review, finding 7;
 * docs/decisions/026): a payment through the orders' (a cashier only their own orders'), the low
 * balance through read:balance, batch payments through read:batch-payments.
 */

let t: TestApp;
let admin: string;
let manager: string;
let cashier: string;
let noAccess: string;
let wallet: number;

interface Listed {
  id: number;
  code: string;
  title: string;
  body: string;
  read: boolean;
  data: Record<string, unknown>;
}

const URL = '/api/profile/notifications';
const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const put = (url: string, cookie: string) =>
  t.app.inject({ method: 'PUT', url, headers: { cookie, 'x-lynk-csrf': '1' } });
const unread = async (cookie: string) => (await get(`${URL}/unread-count`, cookie)).json().unread_count;

/** Every page of a listing, as the caller reads it, and the total it announces. */
async function everything<T>(url: string, cookie: string): Promise<{ rows: T[]; total: number }> {
  const rows: T[] = [];
  for (;;) {
    const response = await get(`${url}?limit=100&offset=${rows.length}`, cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    rows.push(...body.result);
    if (body.result.length === 0 || rows.length >= body.meta_data.total)
      return { rows, total: body.meta_data.total };
  }
}

const orderOf = (n: Listed) => String(n.data.m_order_id);

beforeAll(async () => {
  t = await createTestApp();
  const cookie = async (email: string) => (await signIn(t.app, email, DEMO_PASSWORD)).jar.header();
  admin = await cookie('admin.kingston@bluemountain.example');
  manager = await cookie('manager.kingston@bluemountain.example');
  cashier = await cookie('cashier.kingston@bluemountain.example');
  noAccess = await cookie('noaccess@bluemountain.example');
  // A real low-balance alert: the threshold just under the balance, then J$1.00 out of the wallet.
  const accounts = await branchAccounts(t, 1001);
  wallet = accounts.wallet;
  const threshold = Math.floor(Number(await balanceOf(t, wallet)) / 100) - 1;
  const set = await t.app.inject({
    method: 'PUT',
    url: '/api/profile',
    headers: { cookie: admin, 'x-lynk-csrf': '1' },
    payload: { low_balance_threshold: threshold },
  });
  expect(set.statusCode).toBe(200);
  const out = await postTransfer(t.app, admin, wallet, {
    transfer_type: 'CASH_OUT',
    account_type: 'CBDC',
    account_id: accounts.cbdc,
    amount: 2_00,
  });
  expect(out.statusCode).toBe(201);
});
afterAll(async () => {
  await t.close();
});

describe('notifications by permission', () => {
  it('show a manager and an admin every notification of their merchant, the low balance with its figure', async () => {
    const everyone = await t.database.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('merchant_id', '=', 1001)
      .executeTakeFirstOrThrow();
    for (const cookie of [manager, admin]) {
      const { rows, total } = await everything<Listed>(URL, cookie);
      expect(total).toBe(Number(everyone.n));
      expect(rows).toHaveLength(total);
      expect(await unread(cookie)).toBe(total);
      const codes = new Set(rows.map((n) => n.code));
      expect(codes).toContain('PAYMENT_RECEIVED');
      expect(codes).toContain('BATCH_DISBURSE_FUNDS_TO_APPROVE');
      const low = rows.find((n) => n.code === 'LOW_BALANCE')!;
      expect(low.body).toMatch(/^Your main wallet balance is J\$[\d,]+\.\d{2}, below/);
      expect(low.data.balance).toEqual(expect.any(Number));
    }
  });

  it('show the no-permission role nothing: not listed, not counted, not readable', async () => {
    // What it may not read elsewhere (the premise of the finding).
    expect((await get(`/api/account/v2/accounts/${wallet}/balance`, noAccess)).statusCode).toBe(403);
    expect((await get('/api/payment/customer-transactions', noAccess)).statusCode).toBe(403);

    const listed = (await get(URL, noAccess)).json();
    expect(listed).toEqual({ result: [], meta_data: { count: 0, limit: 25, offset: 0, total: 0 } });
    expect((await get(`${URL}?group=TRANSACTION`, noAccess)).json().meta_data.total).toBe(0);
    expect(await unread(noAccess)).toBe(0);

    const { rows } = await everything<Listed>(URL, manager);
    for (const code of ['PAYMENT_RECEIVED', 'LOW_BALANCE', 'BATCH_DISBURSE_FUNDS_TO_APPROVE']) {
      const response = await put(`${URL}/${rows.find((n) => n.code === code)!.id}/read`, noAccess);
      expect(response.statusCode, code).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: PRODUCT_MESSAGES.notificationNotFound });
    }
    expect((await put(`${URL}/read-all`, noAccess)).json()).toEqual({ unread_count: 0 });
    const user = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'noaccess@bluemountain.example')
      .executeTakeFirstOrThrow();
    const marks = await t.database.db
      .selectFrom('notification_read_marks')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(marks).toEqual([]);
  });

  it("show a cashier the payments of the orders they may read (their own), never another's, and no balance", async () => {
    expect((await get(`/api/account/v2/accounts/${wallet}/balance`, cashier)).statusCode).toBe(403);
    const own = new Set(
      (await everything<{ m_order_id: string }>('/api/payment/customer-transactions', cashier)).rows.map(
        (o) => o.m_order_id,
      ),
    );
    const payments = (await everything<Listed>(URL, manager)).rows.filter(
      (n) => n.code === 'PAYMENT_RECEIVED',
    );
    const theirs = payments.filter((n) => own.has(orderOf(n)));
    const others = payments.filter((n) => !own.has(orderOf(n)));
    expect(theirs.length).toBeGreaterThan(0);
    expect(others.length).toBeGreaterThan(0);

    const { rows, total } = await everything<Listed>(URL, cashier);
    expect(rows.map((n) => n.id)).toEqual(theirs.map((n) => n.id));
    expect(total).toBe(theirs.length);
    expect(rows.every((n) => n.code === 'PAYMENT_RECEIVED' && !('balance' in n.data))).toBe(true);
    const transactions = (await get(`${URL}?group=TRANSACTION&limit=100`, cashier)).json();
    expect(transactions.meta_data.total).toBe(theirs.length);
    expect(await unread(cashier)).toBe(theirs.length);

    // Another's order's payment or the low balance: as if it did not exist.
    const low = (await everything<Listed>(URL, manager)).rows.find((n) => n.code === 'LOW_BALANCE')!;
    for (const id of [others[0]!.id, low.id]) {
      const response = await put(`${URL}/${id}/read`, cashier);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: PRODUCT_MESSAGES.notificationNotFound });
    }
    const opened = await put(`${URL}/${theirs[0]!.id}/read`, cashier);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data).toMatchObject({ id: theirs[0]!.id, read: true });
    expect(await unread(cashier)).toBe(theirs.length - 1);

    // Mark All As Read counts what they can see; the manager's inbox is untouched.
    const managerUnread = await unread(manager);
    expect((await put(`${URL}/read-all`, cashier)).json()).toEqual({ unread_count: 0 });
    expect(await unread(manager)).toBe(managerUnread);
  });
});
