import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES } from '@lynk/contract/messages';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';

let t: TestApp;
let manager: string;
let admin: string;
let cashier: string;
let otherAdmin: string;
/** Ids of the Kingston branch's notifications, oldest first; `montego` is the Montego branch's one. */
const kingston: number[] = [];
let montego: number;

const URL = '/api/profile/notifications';
const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const put = (url: string, cookie?: string) =>
  t.app.inject({ method: 'PUT', url, headers: { 'x-lynk-csrf': '1', ...(cookie ? { cookie } : {}) } });
const unread = async (cookie: string) => {
  const response = await get(`${URL}/unread-count`, cookie);
  expect(response.statusCode).toBe(200);
  return response.json().unread_count as number;
};

async function insert(merchantId: number, code: string, minutesAgo: number, data: object = {}) {
  const row = await t.database.db
    .insertInto('notifications')
    .values({
      merchant_id: merchantId,
      code,
      title: `${code} title`,
      body: `${code} body`,
      data: JSON.stringify(data),
      created_at: new Date(Date.now() - minutesAgo * 60_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

beforeAll(async () => {
  t = await createTestApp();
  const cookie = async (email: string) => (await signIn(t.app, email, DEMO_PASSWORD)).jar.header();
  manager = await cookie('manager.kingston@bluemountain.example');
  admin = await cookie('admin.kingston@bluemountain.example');
  cashier = await cookie('cashier.kingston@bluemountain.example');
  otherAdmin = await cookie('admin.montego@bluemountain.example');
  // Two orders the cashier took: the payments of these are theirs to read (the others' are not).
  const cashierOrders = await t.database.db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.created_by')
    .select('orders.id')
    .where('users.email', '=', 'cashier.kingston@bluemountain.example')
    .orderBy('orders.id')
    .limit(2)
    .execute();
  // A known inbox: whatever the seed wrote is replaced by these, oldest first.
  await t.database.db.deleteFrom('notifications').execute();
  kingston.push(
    await insert(1001, 'PAYMENT_RECEIVED', 60, {
      lynkRouteRedirect: '/1001/lynk-wallet/orders',
      m_order_id: cashierOrders[0]!.id,
    }),
  );
  kingston.push(
    await insert(1001, 'BATCH_DISBURSE_FUNDS_TO_APPROVE', 50, {
      lynkRouteRedirect: '/1001/lynk-wallet/payment-history/review/7',
      batch_id: 7,
    }),
  );
  kingston.push(await insert(1001, 'LOW_BALANCE', 40));
  kingston.push(await insert(1001, 'BATCH_DISBURSE_FUNDS_PROCESSED', 30, { batch_id: 7 }));
  kingston.push(await insert(1001, 'PAYMENT_RECEIVED', 20, { m_order_id: cashierOrders[1]!.id }));
  montego = await insert(1002, 'PAYMENT_RECEIVED', 10);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/profile/notifications', () => {
  it("lists the caller's merchant's notifications newest first, with paging metadata", async () => {
    const response = await get(URL, manager);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.result.map((n: { id: number }) => n.id)).toEqual([...kingston].reverse());
    expect(body.meta_data).toEqual({ count: 5, limit: 25, offset: 0, total: 5 });
    expect(body.result[3]).toEqual({
      id: kingston[1],
      title: 'BATCH_DISBURSE_FUNDS_TO_APPROVE title',
      body: 'BATCH_DISBURSE_FUNDS_TO_APPROVE body',
      created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      read: false,
      code: 'BATCH_DISBURSE_FUNDS_TO_APPROVE',
      data: { lynkRouteRedirect: '/1001/lynk-wallet/payment-history/review/7', batch_id: 7 },
    });
  });

  it('pages and sorts ascending', async () => {
    const page = (await get(`${URL}?offset=1&limit=2&sort=asc`, manager)).json();
    expect(page.result.map((n: { id: number }) => n.id)).toEqual([kingston[1], kingston[2]]);
    expect(page.meta_data).toEqual({ count: 2, limit: 2, offset: 1, total: 5 });
    const last = (await get(`${URL}?offset=4&limit=2`, manager)).json();
    expect(last.result.map((n: { id: number }) => n.id)).toEqual([kingston[0]]);
  });

  it('filters by group', async () => {
    const ids = async (group: string) =>
      (await get(`${URL}?group=${group}`, manager)).json().result.map((n: { id: number }) => n.id);
    expect(await ids('TRANSACTION')).toEqual([kingston[4], kingston[2], kingston[0]]);
    expect(await ids('BATCH_PAYMENT')).toEqual([kingston[3], kingston[1]]);
    const counted = (await get(`${URL}?group=BATCH_PAYMENT`, manager)).json().meta_data;
    expect(counted.total).toBe(2);
  });

  it('never shows a cashier batch payment notifications (no read:batch-payments) or the low balance (no read:balance)', async () => {
    const all = (await get(URL, cashier)).json();
    expect(all.result.map((n: { id: number }) => n.id)).toEqual([kingston[4], kingston[0]]);
    expect(all.meta_data.total).toBe(2);
    const batches = (await get(`${URL}?group=BATCH_PAYMENT`, cashier)).json();
    expect(batches).toEqual({ result: [], meta_data: { count: 0, limit: 25, offset: 0, total: 0 } });
  });

  it("shows another merchant's admin only their own", async () => {
    const body = (await get(URL, otherAdmin)).json();
    expect(body.result.map((n: { id: number }) => n.id)).toEqual([montego]);
  });

  it('refuses a malformed query and an anonymous caller', async () => {
    for (const query of ['group=transaction', 'group=ALL', 'limit=0', 'limit=101', 'offset=-1', 'sort=UP']) {
      const response = await get(`${URL}?${query}`, manager);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    const anonymous = await get(URL);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await get(`${URL}/unread-count`)).statusCode).toBe(401);
    expect((await put(`${URL}/read-all`)).statusCode).toBe(401);
    expect((await put(`${URL}/${kingston[0]}/read`)).statusCode).toBe(401);
  });
});

describe('read state', () => {
  it('marks one read for the caller only, idempotently', async () => {
    expect(await unread(admin)).toBe(5);
    expect(await unread(manager)).toBe(5);
    const first = await put(`${URL}/${kingston[4]}/read`, admin);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ id: kingston[4], read: true, code: 'PAYMENT_RECEIVED' });
    expect((await put(`${URL}/${kingston[4]}/read`, admin)).statusCode).toBe(200);
    expect(await unread(admin)).toBe(4);
    expect(await unread(manager)).toBe(5);
    const listed = (await get(URL, admin)).json().result;
    expect(listed.map((n: { read: boolean }) => n.read)).toEqual([true, false, false, false, false]);
    expect((await get(URL, manager)).json().result[0].read).toBe(false);
  });

  it('refuses a notification of another merchant or one the caller may not see, and a malformed id', async () => {
    const foreign = await put(`${URL}/${montego}/read`, admin);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ code: 'NOT_FOUND', message: PRODUCT_MESSAGES.notificationNotFound });
    expect((await put(`${URL}/${kingston[1]}/read`, cashier)).statusCode).toBe(404);
    expect((await put(`${URL}/999999999/read`, admin)).statusCode).toBe(404);
    for (const id of ['abc', '0', '1e3', '-5']) {
      const response = await put(`${URL}/${id}/read`, admin);
      expect(response.statusCode, id).toBe(400);
      expect(response.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    expect(await unread(otherAdmin)).toBe(1);
  });

  it('needs the CSRF header to mark read', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `${URL}/read-all`,
      headers: { cookie: admin },
    });
    expect(response.statusCode).toBe(403);
    expect(await unread(admin)).toBe(4);
  });

  it("marks all read for the caller, counting only what they can see, without touching others' state", async () => {
    expect(await unread(cashier)).toBe(2);
    await put(`${URL}/${kingston[0]}/read`, cashier);
    expect(await unread(cashier)).toBe(1);
    const response = await put(`${URL}/read-all`, cashier);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ unread_count: 0 });
    expect(await unread(cashier)).toBe(0);
    expect((await get(URL, cashier)).json().result.every((n: { read: boolean }) => n.read)).toBe(true);
    expect(await unread(admin)).toBe(4);
    expect(await unread(manager)).toBe(5);

    expect((await put(`${URL}/read-all`, admin)).json()).toEqual({ unread_count: 0 });
    expect(await unread(admin)).toBe(0);
    expect(await unread(manager)).toBe(5);
    expect(await unread(otherAdmin)).toBe(1);

    // What arrives afterwards is unread again, and only for those who can see it.
    const later = await insert(1001, 'BATCH_DISBURSE_FUNDS_APPROVED', 0);
    expect(await unread(admin)).toBe(1);
    expect(await unread(cashier)).toBe(0);
    expect((await get(URL, admin)).json().result[0]).toMatchObject({ id: later, read: false });
    // Again after the watermark changes nothing and keeps the earlier reads.
    expect((await put(`${URL}/read-all`, admin)).json()).toEqual({ unread_count: 0 });
    expect((await put(`${URL}/${kingston[4]}/read`, admin)).json().data.read).toBe(true);
  });
});
