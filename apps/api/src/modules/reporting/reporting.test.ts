import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@lynk/contract/messages';
import { REPORT_COLUMNS } from '@lynk/contract/reporting';
import { createTestApp, signAccessToken, signIn, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';
import { addDays, jamaicaDate } from '../ledger/jamaica-time.ts';

let t: TestApp;
const cookies: Record<string, string> = {};
const EXPORT = '/api/reporting/v2/transfers/exports/csv';
const LAST = '/api/reporting/v2/transfers/exports';
const today = jamaicaDate(new Date());
const week = { start: addDays(today, -7), end: today };
const month = { start: addDays(today, -30), end: today };

const auth = (who: string) => (who.startsWith('Bearer ') ? { authorization: who } : { cookie: who });
const post = (body: unknown, who: string) =>
  t.app.inject({
    method: 'POST',
    url: EXPORT,
    headers: { 'x-lynk-csrf': '1', ...auth(who) },
    payload: body as object,
  });
const get = (url: string, who?: string) =>
  t.app.inject({ method: 'GET', url, headers: who ? auth(who) : {} });
const reportCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('report_exports')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The file of an export answer, as records (the header first). */
function records(response: { json(): { result: { base64File: string } } }): string[][] {
  return parse(Buffer.from(response.json().result.base64File, 'base64').toString('utf8'));
}

const listingIds = async (path: string, idKey: string, who: string, range = week) => {
  const response = await get(`${path}?offset=0&limit=100&from_utc=${range.start}&to_utc=${range.end}`, who);
  expect(response.statusCode).toBe(200);
  return (response.json().result as Record<string, string>[]).map((row) => row[idKey]);
};

beforeAll(async () => {
  t = await createTestApp();
  for (const who of [
    'admin.kingston',
    'manager.kingston',
    'cashier.kingston',
    'admin.montego',
    'manager.ochorios',
  ]) {
    cookies[who] = (await signIn(t.app, `${who}@bluemountain.example`, DEMO_PASSWORD)).jar.header();
  }
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.database.db.deleteFrom('report_exports').execute();
});

describe('POST /api/reporting/v2/transfers/exports/csv', () => {
  it("writes the main wallet's chosen tables for the range, as the tables list them", async () => {
    const response = await post(
      { ...week, types: ['Refunds', 'Orders', 'Transfers'] },
      cookies['admin.kingston']!,
    );
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = records(response);
    expect(header).toEqual([...REPORT_COLUMNS]);
    const orders = await listingIds(
      '/api/payment/customer-transactions',
      'm_order_id',
      cookies['admin.kingston']!,
    );
    const transfers = await listingIds(
      '/api/account/v2/connected-account-transactions',
      'transfer_id',
      cookies['admin.kingston']!,
    );
    const refunds = await listingIds(
      '/api/payment/refund-transactions',
      'refund_transfer_id',
      cookies['admin.kingston']!,
    );
    expect(orders.length + transfers.length).toBeGreaterThan(0);
    // The tables in a fixed order whatever order they were asked in, each newest first like its tab.
    expect(rows.map((row) => `${row[0]}:${row[1]}`)).toEqual([
      ...orders.map((id) => `Orders:${id}`),
      ...transfers.map((id) => `Transfers:${id}`),
      ...refunds.map((id) => `Refunds:${id}`),
    ]);
    const { report } = response.json().result;
    expect(report).toMatchObject({
      file_name: `lynk_${week.start}_to_${week.end}.csv`,
      wallet: 'lynk',
      tables: ['Orders', 'Transfers', 'Refunds'],
      start: week.start,
      end: week.end,
      entries: rows.length,
      downloadable: true,
    });
    // Taking the merchant's data away is audited: who, which report, what it held.
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'subject', 'details', 'organization_id'])
      .where('subject', '=', `report:${report.id}`)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: 'report.exported',
      organization_id: 'org_1001',
      details: { wallet: 'lynk', tables: ['Orders', 'Transfers', 'Refunds'], entries: rows.length },
    });
  });

  it('shows amounts as currency with two decimals and dates as the merchant sees them', async () => {
    const response = await post({ ...week, types: ['Transfers'] }, cookies['admin.kingston']!);
    const transfers = (
      await get(
        `/api/account/v2/connected-account-transactions?offset=0&limit=1&from_utc=${week.start}&to_utc=${week.end}`,
        cookies['admin.kingston'],
      )
    ).json().result;
    const first = records(response)[1]!;
    const cents = transfers[0].total as number;
    expect(first[8]).toBe(`${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`);
    expect(first[2]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(first[7]).toBe('JMD');
  });

  it('refuses more than 100 entries with the spec text, and records nothing', async () => {
    const response = await post(
      { ...month, types: ['Orders', 'Transfers', 'Refunds'] },
      cookies['admin.kingston']!,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ code: 'EXPORT_LIMIT', message: MESSAGES.export.entryLimit });
    expect(await reportCount()).toBe(0);
    // The same month with fewer tables fits.
    expect((await post({ ...month, types: ['Refunds'] }, cookies['admin.kingston']!)).statusCode).toBe(200);
  });

  it.each([
    [
      'a range over one month',
      { start: addDays(today, -40), end: today, types: ['Orders'] },
      MESSAGES.dateRange.tooLong,
    ],
    ['no table', { ...week, types: [] }, MESSAGES.export.selectTable],
    ['no types at all', { ...week }, MESSAGES.export.selectTable],
    [
      'a start after the end',
      { start: today, end: addDays(today, -1), types: ['Orders'] },
      MESSAGES.dateRange.startAfterEnd,
    ],
    ['an unknown table', { ...week, types: ['Payroll'] }, undefined],
    ['a table named twice', { ...week, types: ['Orders', 'Orders'] }, 'Each table may be named once.'],
    ['a date in another format', { start: '01/11/2026', end: today, types: ['Orders'] }, undefined],
    ['an unknown field', { ...week, types: ['Orders'], merchant_id: 1002 }, undefined],
    ['tables for the JAM-DEX wallet', { ...week, types: ['Orders'], wallet: 'jam-dex' }, undefined],
  ])('answers 400 to %s and records nothing', async (_name, body, message) => {
    const response = await post(body, cookies['admin.kingston']!);
    expect(response.statusCode).toBe(400);
    if (message) expect(response.json().message).toContain(message);
    expect(await reportCount()).toBe(0);
  });

  it('refuses a future date and one before 2000', async () => {
    const future = await post(
      { start: today, end: addDays(today, 1), types: ['Orders'] },
      cookies['admin.kingston']!,
    );
    expect(future.statusCode).toBe(400);
    expect(future.json()).toEqual({ code: 'DATE_RANGE_INVALID', message: MESSAGES.dateRange.future });
    const old = await post(
      { start: '1999-12-20', end: '2000-01-10', types: ['Orders'] },
      cookies['admin.kingston']!,
    );
    expect(old.statusCode).toBe(400);
    expect(await reportCount()).toBe(0);
  });

  it('needs a session and the export permission', async () => {
    expect((await post({ ...week, types: ['Orders'] }, '')).statusCode).toBe(401);
    const cashier = await post({ ...week, types: ['Orders'] }, cookies['cashier.kingston']!);
    expect(cashier.statusCode).toBe(403);
    expect(await reportCount()).toBe(0);
  });

  it("needs each table's own permission", async () => {
    const user = await t.database.db
      .selectFrom('users')
      .select(['id', 'auth_id'])
      .where('email', '=', 'manager.kingston@bluemountain.example')
      .executeTakeFirstOrThrow();
    const token = `Bearer ${await signAccessToken(t, {
      user_id: user.id,
      authID: user.auth_id,
      role: 'Manager',
      role_id: 2,
      displayName: 'Tanya Williams',
      email: 'manager.kingston@bluemountain.example',
      org_id: 'org_1001',
      merchant_id: 1001,
      permissions: ['read:reports-detailed', 'read:orders'],
    })}`;
    expect((await post({ ...week, types: ['Orders'] }, token)).statusCode).toBe(200);
    const refused = await post({ ...week, types: ['Orders', 'Refunds'] }, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have permission to export Refunds.');
  });

  it("holds only the caller's merchant's entries", async () => {
    const kingston = records(await post({ ...week, types: ['Transfers'] }, cookies['admin.kingston']!));
    const montego = records(await post({ ...week, types: ['Transfers'] }, cookies['admin.montego']!));
    const montegoIds = await listingIds(
      '/api/account/v2/connected-account-transactions',
      'transfer_id',
      cookies['admin.montego']!,
    );
    expect(montego.slice(1).map((row) => row[1])).toEqual(montegoIds);
    const kingstonIds = new Set(kingston.slice(1).map((row) => row[1]));
    expect(montegoIds.some((id) => kingstonIds.has(id))).toBe(false);
  });

  it('neutralises a cell that would start a formula', async () => {
    const newest = (
      await get(
        `/api/account/v2/connected-account-transactions?offset=0&limit=1&from_utc=${week.start}&to_utc=${week.end}`,
        cookies['admin.kingston'],
      )
    ).json().result[0];
    await t.database.db
      .updateTable('transfers')
      .set({ to_label: '=HYPERLINK("http://evil.example","Click")' })
      .where('id', '=', newest.transfer_id)
      .execute();
    const row = records(await post({ ...week, types: ['Transfers'] }, cookies['admin.kingston']!)).find(
      (r) => r[1] === newest.transfer_id,
    );
    expect(row?.[4]).toBe(`'=HYPERLINK("http://evil.example","Click")`);
  });

  it("writes the JAM-DEX wallet's transfers and payments, and 404 without a JAM-DEX wallet", async () => {
    const response = await post({ ...month, wallet: 'jam-dex' }, cookies['manager.kingston']!);
    expect(response.statusCode).toBe(200);
    const { report } = response.json().result;
    expect(report).toMatchObject({ wallet: 'jam-dex', tables: ['Transfers', 'Payments'] });
    expect(report.file_name).toBe(`jam-dex_${month.start}_to_${month.end}.csv`);
    const tables = new Set(
      records(response)
        .slice(1)
        .map((row) => row[0]),
    );
    expect([...tables].every((table) => table === 'Transfers' || table === 'Payments')).toBe(true);
    const none = await post({ ...week, wallet: 'jam-dex' }, cookies['manager.ochorios']!);
    expect(none.statusCode).toBe(404);
  });
});

describe('Last Reports', () => {
  it("lists the caller's 5 newest reports, newest first; the older ones lose their file", async () => {
    const ids: string[] = [];
    for (let day = 6; day >= 1; day -= 1) {
      const response = await post(
        { start: addDays(today, -day), end: today, types: ['Orders'] },
        cookies['manager.kingston']!,
      );
      ids.push(response.json().result.report.id);
    }
    const list = await get(LAST, cookies['manager.kingston']);
    expect(list.statusCode).toBe(200);
    expect(list.json().result.map((r: { id: string }) => r.id)).toEqual(ids.slice(1).reverse());
    expect(await reportCount()).toBe(6);

    const again = await get(`${LAST}/${ids[5]}/csv`, cookies['manager.kingston']);
    expect(again.statusCode).toBe(200);
    expect(records(again)[0]).toEqual([...REPORT_COLUMNS]);
    const dropped = await get(`${LAST}/${ids[0]}/csv`, cookies['manager.kingston']);
    expect(dropped.statusCode).toBe(404);
  });

  it("is each user's own: nobody else sees or downloads them", async () => {
    const { id } = (await post({ ...week, types: ['Orders'] }, cookies['manager.kingston']!)).json().result
      .report;
    expect((await get(LAST, cookies['admin.kingston'])).json()).toEqual({ result: [] });
    expect((await get(`${LAST}/${id}/csv`, cookies['admin.kingston'])).statusCode).toBe(404);
    expect((await get(`${LAST}/${id}/csv`, cookies['admin.montego'])).statusCode).toBe(404);
    // Any signed-in user may open the list (spec section 6: "Last exports | any").
    expect((await get(LAST, cookies['cashier.kingston'])).json()).toEqual({ result: [] });
    expect((await get(LAST)).statusCode).toBe(401);
    expect((await get(`${LAST}/abc/csv`, cookies['manager.kingston'])).statusCode).toBe(400);
  });
});
