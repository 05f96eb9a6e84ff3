import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '@lynk/contract/constants';
import { MAX_PAGE_SIZE } from '@lynk/contract/listings';
import type { CbdcPayment } from '@lynk/contract/transfers';
import { branchAccounts } from '../../test/accounts.ts';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';
import { addDays, jamaicaDate, jamaicaMidnight } from '../ledger/jamaica-time.ts';

/**
 * GET /api/account/v1/accounts/{accountID}/payments — the JAM-DEX payments a branch's CBDC wallet
 * received. `{accountID}` is the CBDC account's `account_ref` (details.account_id in the account
 * list). Every expectation is computed from the database, never from the seed's counts.
 */

let t: TestApp;
let admin: string;
let otherBranchAdmin: string;
let noJamDexAdmin: string;
let kingston: Awaited<ReturnType<typeof branchAccounts>>;
let montego: Awaited<ReturnType<typeof branchAccounts>>;
let ochoRios: Awaited<ReturnType<typeof branchAccounts>>;
/** A Jamaica calendar day holding seeded payments, with extra payments on and around its edges. */
let day: string;

const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signIn(t.app, 'admin.kingston@bluemountain.example', DEMO_PASSWORD)).jar.header();
  otherBranchAdmin = (await signIn(t.app, 'admin.montego@bluemountain.example', DEMO_PASSWORD)).jar.header();
  noJamDexAdmin = (await signIn(t.app, 'admin.ochorios@bluemountain.example', DEMO_PASSWORD)).jar.header();
  kingston = await branchAccounts(t, 1001);
  montego = await branchAccounts(t, 1002);
  ochoRios = await branchAccounts(t, 1003);

  // Payments on the edges of one Jamaica day (midnight there is 05:00 UTC), and three at the same
  // instant so that paging has to break ties. Failed payments: they move no money.
  const seeded = await paymentsInDb(kingston.cbdc!, 'ASC');
  day = jamaicaDate(new Date(seeded[Math.floor(seeded.length / 2)]!.date));
  const start = jamaicaMidnight(day).getTime();
  const end = jamaicaMidnight(addDays(day, 1)).getTime();
  const instants = [start - 1, start, start + 12 * HOUR, start + 12 * HOUR, start + 12 * HOUR, end - 1, end];
  await t.database.db
    .insertInto('cbdc_payments')
    .values(
      instants.map((at, i) => ({
        merchant_id: 1001,
        account_id: kingston.cbdc!,
        from_id: '@edge.case',
        amount: String(1_000 + i),
        status: 'Failure' as const,
        created_at: new Date(at),
      })),
    )
    .execute();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, auth: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: auth.startsWith('Bearer ') ? { authorization: auth } : { cookie: auth },
  });

const paymentsUrl = (ref: string, query: Record<string, string | number> = {}) => {
  const search = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return `/api/account/v1/accounts/${encodeURIComponent(ref)}/payments${search ? `?${search}` : ''}`;
};

/** What the endpoint should answer for an account, read straight from the table, newest first by default. */
async function paymentsInDb(accountId: number, sort: 'ASC' | 'DESC' = 'DESC'): Promise<CbdcPayment[]> {
  const rows = await t.database.db
    .selectFrom('cbdc_payments')
    .select(['id', 'from_id', 'amount', 'status', 'created_at'])
    .where('account_id', '=', accountId)
    .execute();
  const byDateThenId = (a: (typeof rows)[number], b: (typeof rows)[number]) =>
    a.created_at.getTime() - b.created_at.getTime() || Number(BigInt(a.id) - BigInt(b.id));
  rows.sort(byDateThenId);
  if (sort === 'DESC') rows.reverse();
  return rows.map((row) => ({
    id: String(row.id),
    from_id: row.from_id,
    date: row.created_at.toISOString(),
    amount: Number(row.amount),
    status: row.status,
  }));
}

/** The rows whose Jamaica calendar day lies in [from, to] (either end optional). */
const inDays = (rows: CbdcPayment[], from?: string, to?: string) =>
  rows.filter((row) => {
    const d = jamaicaDate(new Date(row.date));
    return (!from || d >= from) && (!to || d <= to);
  });

const ids = (rows: { id: string }[]) => rows.map((row) => row.id);

describe('the JAM-DEX payments listing', () => {
  it('answers the first page newest first with meta_data {count, limit, offset, total} by default', async () => {
    const expected = await paymentsInDb(kingston.cbdc!);
    expect(expected.length).toBeGreaterThan(PAGE_SIZE);
    const response = await get(paymentsUrl(kingston.cbdcRef!), admin);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.meta_data).toEqual({ count: PAGE_SIZE, limit: PAGE_SIZE, offset: 0, total: expected.length });
    expect(body.result).toEqual(expected.slice(0, PAGE_SIZE));
  });

  it('reports the limit and offset it was given, and counts only the rows it returns', async () => {
    const expected = await paymentsInDb(kingston.cbdc!);
    const offset = expected.length - 3;
    const body = (await get(paymentsUrl(kingston.cbdcRef!, { limit: 10, offset }), admin)).json();
    expect(body.meta_data).toEqual({ count: 3, limit: 10, offset, total: expected.length });
    expect(body.result).toEqual(expected.slice(offset));

    const past = (
      await get(paymentsUrl(kingston.cbdcRef!, { limit: 10, offset: expected.length + 5 }), admin)
    ).json();
    expect(past).toEqual({
      result: [],
      meta_data: { count: 0, limit: 10, offset: expected.length + 5, total: expected.length },
    });

    const widest = (await get(paymentsUrl(kingston.cbdcRef!, { limit: MAX_PAGE_SIZE }), admin)).json();
    expect(widest.meta_data).toEqual({
      count: Math.min(MAX_PAGE_SIZE, expected.length),
      limit: MAX_PAGE_SIZE,
      offset: 0,
      total: expected.length,
    });
  });

  it.each(['DESC', 'ASC'] as const)(
    'pages with offset and limit into disjoint pages that make up the whole list (%s)',
    async (sort) => {
      const expected = await paymentsInDb(kingston.cbdc!, sort);
      const limit = 7;
      const pages: CbdcPayment[][] = [];
      for (let offset = 0; offset < expected.length + limit; offset += limit) {
        const response = await get(paymentsUrl(kingston.cbdcRef!, { limit, offset, sort }), admin);
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(body.meta_data).toEqual({ count: body.result.length, limit, offset, total: expected.length });
        expect(body.result.length).toBe(Math.max(0, Math.min(limit, expected.length - offset)));
        pages.push(body.result);
      }
      const seen = pages.flat();
      // Disjoint: no payment shows on two pages (the tie at one instant included) …
      expect(new Set(ids(seen)).size).toBe(seen.length);
      // … and together, in order, they are the whole list.
      expect(seen).toEqual(expected);
    },
  );

  it('orders by date: DESC newest first (the default), ASC oldest first, case-insensitively', async () => {
    const desc = (
      await get(paymentsUrl(kingston.cbdcRef!, { sort: 'DESC', limit: MAX_PAGE_SIZE }), admin)
    ).json().result as CbdcPayment[];
    const asc = (
      await get(paymentsUrl(kingston.cbdcRef!, { sort: 'ASC', limit: MAX_PAGE_SIZE }), admin)
    ).json().result as CbdcPayment[];
    const lower = (
      await get(paymentsUrl(kingston.cbdcRef!, { sort: 'asc', limit: MAX_PAGE_SIZE }), admin)
    ).json().result as CbdcPayment[];
    const byDefault = (await get(paymentsUrl(kingston.cbdcRef!, { limit: MAX_PAGE_SIZE }), admin)).json()
      .result as CbdcPayment[];
    const dates = (rows: CbdcPayment[]) => rows.map((row) => Date.parse(row.date));
    expect(desc.length).toBeGreaterThan(1);
    expect(dates(desc)).toEqual([...dates(desc)].sort((a, b) => b - a));
    expect(dates(asc)).toEqual([...dates(asc)].sort((a, b) => a - b));
    expect(dates(asc)[0]).toBeLessThan(dates(asc).at(-1)!);
    expect(asc).toEqual([...desc].reverse());
    expect(lower).toEqual(asc);
    expect(byDefault).toEqual(desc);
    expect(desc).toEqual(await paymentsInDb(kingston.cbdc!, 'DESC'));
  });

  it('keeps exactly the payments of the Jamaica days from_utc to to_utc, edges included', async () => {
    const all = await paymentsInDb(kingston.cbdc!);
    const response = await get(
      paymentsUrl(kingston.cbdcRef!, { from_utc: day, to_utc: day, limit: MAX_PAGE_SIZE }),
      admin,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const expected = inDays(all, day, day);
    expect(body.result).toEqual(expected);
    expect(body.meta_data).toEqual({
      count: expected.length,
      limit: MAX_PAGE_SIZE,
      offset: 0,
      total: expected.length,
    });
    // The day's first and last instants are in; one millisecond either side is out.
    const start = jamaicaMidnight(day).getTime();
    const end = jamaicaMidnight(addDays(day, 1)).getTime();
    const returned = new Set((body.result as CbdcPayment[]).map((row) => Date.parse(row.date)));
    expect(returned.has(start)).toBe(true);
    expect(returned.has(end - 1)).toBe(true);
    expect(returned.has(start - 1)).toBe(false);
    expect(returned.has(end)).toBe(false);
    expect(
      all
        .filter((row) => !ids(expected).includes(row.id))
        .every((row) => jamaicaDate(new Date(row.date)) !== day),
    ).toBe(true);
  });

  it.each([
    ['from_utc alone', () => ({ from_utc: day }), () => [day, undefined] as const],
    ['to_utc alone', () => ({ to_utc: day }), () => [undefined, day] as const],
    [
      'a range of days',
      () => ({ from_utc: addDays(day, -10), to_utc: addDays(day, 2) }),
      () => [addDays(day, -10), addDays(day, 2)] as const,
    ],
  ])('filters by %s, in both orders, and totals what the filter keeps', async (_name, query, range) => {
    const [from, to] = range();
    for (const sort of ['DESC', 'ASC'] as const) {
      const all = await paymentsInDb(kingston.cbdc!, sort);
      const expected = inDays(all, from, to);
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(all.length);
      const body = (
        await get(paymentsUrl(kingston.cbdcRef!, { ...query(), sort, limit: MAX_PAGE_SIZE }), admin)
      ).json();
      expect(body.result).toEqual(expected);
      expect(body.meta_data.total).toBe(expected.length);
      // Paging within a filter: the total stays that of the filter.
      const page = (
        await get(paymentsUrl(kingston.cbdcRef!, { ...query(), sort, limit: 2, offset: 1 }), admin)
      ).json();
      expect(page.result).toEqual(expected.slice(1, 3));
      expect(page.meta_data).toEqual({
        count: expected.slice(1, 3).length,
        limit: 2,
        offset: 1,
        total: expected.length,
      });
    }
  });

  it('answers an empty page for days without payments', async () => {
    const body = (
      await get(paymentsUrl(kingston.cbdcRef!, { from_utc: '2001-01-01', to_utc: '2001-01-31' }), admin)
    ).json();
    expect(body).toEqual({ result: [], meta_data: { count: 0, limit: PAGE_SIZE, offset: 0, total: 0 } });
  });

  it("lists only the own wallet's payments", async () => {
    const mine = (await get(paymentsUrl(kingston.cbdcRef!, { limit: MAX_PAGE_SIZE }), admin)).json()
      .result as CbdcPayment[];
    const montegoIds = new Set(ids(await paymentsInDb(montego.cbdc!)));
    expect(montegoIds.size).toBeGreaterThan(0);
    expect(mine.some((row) => montegoIds.has(row.id))).toBe(false);
    const theirs = (
      await get(paymentsUrl(montego.cbdcRef!, { limit: MAX_PAGE_SIZE }), otherBranchAdmin)
    ).json();
    expect(theirs.result).toEqual(await paymentsInDb(montego.cbdc!));
  });
});

describe('whose payments', () => {
  it.each([
    ["another branch's JAM-DEX wallet", () => montego.cbdcRef!, () => admin],
    ["the caller's own main wallet (not a JAM-DEX wallet)", () => `LYNK-1001`, () => admin],
    ['an account that does not exist', () => 'JAMDEX-999999', () => admin],
    ['a branch without JAM-DEX, its own main wallet', () => 'LYNK-1003', () => noJamDexAdmin],
    ['a branch without JAM-DEX, the JAM-DEX wallet it would have', () => 'JAMDEX-1003', () => noJamDexAdmin],
    [
      "a branch without JAM-DEX, another branch's JAM-DEX wallet",
      () => kingston.cbdcRef!,
      () => noJamDexAdmin,
    ],
  ])('answers 404 {code, message} for %s', async (_name, ref, auth) => {
    const response = await get(paymentsUrl(ref()), auth());
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
  });

  it('knows Ocho Rios as a branch without a JAM-DEX wallet', () => {
    expect(ochoRios.cbdc).toBeUndefined();
    expect(kingston.cbdcRef).toBeDefined();
    expect(montego.cbdcRef).toBeDefined();
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: paymentsUrl(kingston.cbdcRef!) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });
});
