import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_IDS } from '@lynk/contract/roles';
import type { Shift, ShiftDetail } from '@lynk/contract/shifts';
import { newKey } from '../../test/accounts.ts';
import { addStaffMember } from '../../test/authorisation/tenant-rows.ts';
import { createPayLink, payPayLink, signInCustomer } from '../../test/pay-links.ts';
import { createTestApp, signIn, testClock, userIdOf, type TestApp } from '../../test/test-app.ts';
import { DEMO_CUSTOMER } from '../../world/demo-consumers.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';

const CSRF = { 'x-lynk-csrf': '1' };
const clock = testClock();
let t: TestApp;
let cashier: string;
let manager: string;
let otherBranchManager: string;
let customer: string;
let cashierId: number;

const as = (cookie: string) => ({
  get: (url: string) => t.app.inject({ url, headers: { cookie } }),
  post: (url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: { cookie, ...CSRF }, ...(payload ? { payload } : {}) }),
});

async function currentOf(cookie: string, id: number): Promise<Shift> {
  const response = await as(cookie).get('/api/payment/shifts/current');
  expect(response.statusCode).toBe(200);
  const shift = (response.json().result as Shift[]).find((s) => s.cashier_id === id);
  if (!shift) throw new Error(`No open shift of ${id}`);
  return shift;
}

async function close(cookie: string, id: number): Promise<ShiftDetail> {
  const open = await currentOf(cookie, id);
  const response = await as(cookie).post('/api/payment/shifts/close', {
    cashier_id: id,
    started_at: open.started_at,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

/** The cashier sends a pay link of `amount` cents and the customer pays it. */
async function payment(amount: number, by = cashier) {
  const link = await createPayLink(t.app, by, { amount, description: 'Cash-up' });
  const paid = await payPayLink(t.app, link.code, customer);
  expect(paid.statusCode, paid.body).toBe(200);
  return { id: link.id, transferId: paid.json().data.transfer_id as string };
}

async function refund(order: { id: string; transferId: string }, amount: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/payment/${order.id}/partial-refund`,
    headers: { cookie: manager, ...CSRF, 'idempotency-key': newKey() },
    payload: { amount_to_refund: amount, transferID: order.transferId, motif: 'OTHER' },
  });
  expect(response.statusCode, response.body).toBe(201);
}

const shiftCount = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from shifts`.execute(t.database.db)).rows[0]!.n);

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  const email = (local: string) => `${local}@bluemountain.example`;
  cashier = (await signIn(t.app, email('cashier.kingston'), DEMO_PASSWORD)).jar.header();
  manager = (await signIn(t.app, email('manager.kingston'), DEMO_PASSWORD)).jar.header();
  otherBranchManager = (
    await signIn(t.app, email('manager.montego'), DEMO_PASSWORD, { org: 'org_1002' })
  ).jar.header();
  customer = (await signInCustomer(t.app, { email: DEMO_CUSTOMER.email, password: DEMO_PASSWORD })).cookie;
  cashierId = await userIdOf(t.app.db, email('cashier.kingston'));
  // Whatever the seeded day left open is closed first: each test starts from a clean shift.
  await close(cashier, cashierId);
  clock.advance(1_000);
});
afterAll(async () => {
  await t.close();
});

describe('the cash-up of a shift', () => {
  it('counts the cashier’s payments and the refunds of their orders, to the cent, by channel', async () => {
    const first = await payment(123_45);
    await payment(10_01);
    await refund(first, 5_50);
    // The manager's own sale is not the cashier's takings.
    await payment(99_99, manager);
    clock.advance(1_000);

    const open = await currentOf(cashier, cashierId);
    const expected = {
      currency: 'JMD',
      payments_count: 2,
      payments: 133_46,
      refunds_count: 1,
      refunds: 5_50,
      net: 127_96,
      by_channel: [
        {
          channel: 'PAYMENT_LINK',
          payments_count: 2,
          payments: 133_46,
          refunds_count: 1,
          refunds: 5_50,
          net: 127_96,
        },
      ],
    };
    expect(open).toMatchObject({ status: 'OPEN', id: null, totals: expected });

    const closed = await close(cashier, cashierId);
    expect(closed).toMatchObject({ status: 'CLOSED', started_at: open.started_at, totals: expected });
    expect(closed.entries.map((e) => [e.kind, e.m_order_id, e.amount])).toEqual([
      ['PAYMENT', first.id, 123_45],
      ['PAYMENT', expect.any(String), 10_01],
      ['REFUND', first.id, 5_50],
    ]);
    // The next shift starts at the close, empty.
    const next = await currentOf(cashier, cashierId);
    expect(next.started_at).toBe(closed.closed_at);
    expect(next.totals).toMatchObject({ payments_count: 0, payments: 0, refunds: 0, net: 0, by_channel: [] });
  });

  it('keeps a closed shift as it was: later payments and refunds go to the next shift', async () => {
    const order = await payment(50_00);
    clock.advance(1_000);
    const closed = await close(cashier, cashierId);
    clock.advance(1_000);
    await refund(order, 20_00);
    await payment(7_00);
    const again = await as(manager).get(`/api/payment/shifts/${closed.id}`);
    expect(again.json().data.totals).toEqual(closed.totals);
    expect((await currentOf(cashier, cashierId)).totals).toMatchObject({
      payments: 7_00,
      refunds: 20_00,
      net: -13_00,
    });
    // Not even the database lets it change.
    await expect(
      sql`update shift_entries set amount = 1 where shift_id = ${closed.id}`.execute(t.database.db),
    ).rejects.toThrow(/never changed/);
    await expect(sql`delete from shifts where id = ${closed.id}`.execute(t.database.db)).rejects.toThrow(
      /never changed/,
    );
    await close(cashier, cashierId);
  });

  it('counts a payment stamped before the last close but committed after it in the next shift', async () => {
    clock.advance(5_000);
    const closed = await close(cashier, cashierId);
    // Another instance's clock a few seconds behind, or a payment still in the ledger's queue.
    clock.advance(-3_000);
    const late = await payment(8_88);
    clock.advance(4_000);
    expect((await as(manager).get(`/api/payment/shifts/${closed.id}`)).json().data.totals.payments).toBe(0);
    const open = await currentOf(cashier, cashierId);
    expect(open.started_at).toBe(closed.closed_at);
    expect(open.totals).toMatchObject({ payments_count: 1, payments: 8_88 });
    const next = await close(cashier, cashierId);
    expect(next.entries.map((e) => e.m_order_id)).toEqual([late.id]);
    clock.advance(1_000);
  });

  it('makes one shift of two closes at once, and refuses the second', async () => {
    await payment(3_00);
    clock.advance(1_000);
    const open = await currentOf(cashier, cashierId);
    const before = await shiftCount();
    const body = { started_at: open.started_at };
    const answers = await Promise.all([
      as(cashier).post('/api/payment/shifts/close', body),
      as(manager).post('/api/payment/shifts/close', { ...body, cashier_id: cashierId }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().code).toBe('SHIFT_ALREADY_CLOSED');
    expect(await shiftCount()).toBe(before + 1);
    // The same close sent again later (a second click) makes nothing either.
    const repeat = await as(cashier).post('/api/payment/shifts/close', body);
    expect(repeat.statusCode).toBe(409);
    expect(await shiftCount()).toBe(before + 1);
    clock.advance(1_000);
  });
});

describe('who sees and reopens shifts', () => {
  let secondCashier: number;
  let secondShift: ShiftDetail;

  beforeAll(async () => {
    const member = await addStaffMember(t.database.db, 1001, 'second-cashier', ROLE_IDS.CASHIER);
    secondCashier = member.id;
    await t.database.db
      .updateTable('users')
      .set({ display_name: '=HYPERLINK("http://evil.example")' })
      .where('id', '=', secondCashier)
      .execute();
    secondShift = await close(manager, secondCashier);
  });

  it('shows a manager every cashier’s open shift and a cashier only their own', async () => {
    const managerView = (await as(manager).get('/api/payment/shifts/current')).json().result as Shift[];
    expect(managerView.map((s) => s.cashier_id)).toEqual(expect.arrayContaining([cashierId, secondCashier]));
    const cashierView = (await as(cashier).get('/api/payment/shifts/current')).json().result as Shift[];
    expect(cashierView.map((s) => s.cashier_id)).toEqual([cashierId]);
  });

  it("answers another cashier's shift as missing to a cashier, and lets them close only their own", async () => {
    expect((await as(cashier).get(`/api/payment/shifts/${secondShift.id}`)).statusCode).toBe(404);
    expect((await as(cashier).get(`/api/payment/shifts/${secondShift.id}/csv`)).statusCode).toBe(404);
    const list = (await as(cashier).get('/api/payment/shifts?limit=100')).json().result as Shift[];
    expect(list.every((s) => s.cashier_id === cashierId)).toBe(true);
    const filtered = await as(cashier).get(`/api/payment/shifts?cashier_id=${secondCashier}`);
    expect(filtered.json().result).toEqual([]);
    const open = await currentOf(manager, secondCashier);
    const before = await shiftCount();
    const closing = await as(cashier).post('/api/payment/shifts/close', {
      cashier_id: secondCashier,
      started_at: open.started_at,
    });
    expect(closing.statusCode).toBe(404);
    const reopening = await as(cashier).post(`/api/payment/shifts/${secondShift.id}/reopen`, { reason: 'x' });
    expect(reopening.statusCode).toBe(403);
    expect(await shiftCount()).toBe(before);
  });

  it("answers another branch's shifts as missing, and closes no cashier of another branch", async () => {
    const other = as(otherBranchManager);
    expect((await other.get(`/api/payment/shifts/${secondShift.id}`)).statusCode).toBe(404);
    expect((await other.get(`/api/payment/shifts/${secondShift.id}/csv`)).statusCode).toBe(404);
    expect(
      (await other.post(`/api/payment/shifts/${secondShift.id}/reopen`, { reason: 'x' })).statusCode,
    ).toBe(404);
    const list = (await other.get('/api/payment/shifts?limit=100')).json().result as Shift[];
    expect(list.some((s) => s.cashier_id === cashierId || s.cashier_id === secondCashier)).toBe(false);
    const open = await currentOf(manager, cashierId);
    const closing = await other.post('/api/payment/shifts/close', {
      cashier_id: cashierId,
      started_at: open.started_at,
    });
    expect(closing.statusCode).toBe(404);
  });

  it('reopens the latest shift with a reason, audited, and counts its takings again at the next close', async () => {
    const order = await payment(40_00);
    clock.advance(1_000);
    const closed = await close(cashier, cashierId);
    clock.advance(1_000);
    const reopened = await as(manager).post(`/api/payment/shifts/${closed.id}/reopen`, {
      reason: '  Drawer J$40 short  ',
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().data).toMatchObject({
      status: 'REOPENED',
      reopen_reason: 'Drawer J$40 short',
      reopened_by_name: expect.any(String),
      totals: closed.totals,
    });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('action', '=', 'shift.reopened')
      .where('subject', '=', closed.id!)
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ reason: 'Drawer J$40 short', cashier_id: cashierId });

    const open = await currentOf(cashier, cashierId);
    expect(open.started_at).toBe(closed.started_at);
    expect(open.totals.payments).toBe(40_00);
    const again = await close(cashier, cashierId);
    expect(again.entries.map((e) => e.m_order_id)).toEqual([order.id]);

    // Once only, and only the latest: an older one's takings are in a shift that stands.
    expect(
      (await as(manager).post(`/api/payment/shifts/${closed.id}/reopen`, { reason: 'x' })).json().code,
    ).toBe('SHIFT_NOT_REOPENABLE');
    clock.advance(1_000);
    await close(cashier, cashierId);
    const older = await as(manager).post(`/api/payment/shifts/${again.id}/reopen`, { reason: 'x' });
    expect(older.statusCode).toBe(409);
  });

  it('downloads a shift as CSV with every cell neutralised, and records the download', async () => {
    const response = await as(manager).get(`/api/payment/shifts/${secondShift.id}/csv`);
    expect(response.statusCode).toBe(200);
    const { file_name, csv } = response.json().data as { file_name: string; csv: string };
    expect(file_name).toMatch(/^cash-up-\d+-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parse(Buffer.from(csv, 'base64').toString(), { relax_column_count: true }) as string[][];
    expect(rows[0]).toEqual(['Type', 'Order ID', 'Refund ID', 'Channel', 'Date', 'Amount (J$)']);
    expect(rows.find((row) => row[0] === 'Cashier')?.[1]).toBe(`'=HYPERLINK("http://evil.example")`);
    expect(rows.find((row) => row[0] === 'Net')?.[5]).toBe('0.00');
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'shift.downloaded')
      .where('subject', '=', secondShift.id!)
      .execute();
    expect(audit).toHaveLength(1);
  });
});

describe('bad input', () => {
  it.each([
    ['a started_at that is no time', { started_at: 'yesterday' }],
    ['no started_at', {}],
    ['a field it does not know', { started_at: '2026-01-01T00:00:00Z', drawer: 1 }],
    ['a cashier id that is no number', { started_at: '2026-01-01T00:00:00Z', cashier_id: 'me' }],
    ['a cashier id below one', { started_at: '2026-01-01T00:00:00Z', cashier_id: 0 }],
  ])('refuses a close with %s, and writes nothing', async (_name, body) => {
    const before = await shiftCount();
    const response = await as(manager).post('/api/payment/shifts/close', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect(await shiftCount()).toBe(before);
  });

  it('refuses a reopen without a reason or with one too long, and a shift id that is no id', async () => {
    const list = (await as(manager).get('/api/payment/shifts?limit=1')).json().result as Shift[];
    const id = list[0]!.id!;
    for (const reason of ['', '   ', 'x'.repeat(201)]) {
      const response = await as(manager).post(`/api/payment/shifts/${id}/reopen`, { reason });
      expect(response.statusCode).toBe(400);
    }
    expect((await as(manager).get(`/api/payment/shifts/${id}`)).json().data.status).toBe('CLOSED');
    expect((await as(manager).get('/api/payment/shifts/abc')).statusCode).toBe(400);
    expect((await as(manager).get('/api/payment/shifts?cashier_id=1e3')).statusCode).toBe(400);
    expect((await as(manager).get('/api/payment/shifts?limit=0')).statusCode).toBe(400);
    expect((await as(manager).get('/api/payment/shifts/999999999')).statusCode).toBe(404);
  });
});
