import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PRODUCT_MESSAGES } from '@lynk/contract/messages';
import { branchAccounts, newKey } from '../../test/accounts.ts';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { createConsumer } from '../../world/consumers.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';
import { validateBatch } from './jobs.ts';

let t: TestApp;
let manager: string;
let cashier: string;
let otherBranchManager: string;
let admin: string;
let superAdmin: string;

beforeAll(async () => {
  t = await createTestApp();
  const cookie = async (email: string) => (await signIn(t.app, email, DEMO_PASSWORD)).jar.header();
  manager = await cookie('manager.kingston@bluemountain.example');
  cashier = await cookie('cashier.kingston@bluemountain.example');
  otherBranchManager = await cookie('manager.montego@bluemountain.example');
  admin = await cookie('admin.kingston@bluemountain.example');
  superAdmin = (
    await signIn(t.app, 'superadmin@bluemountain.example', DEMO_PASSWORD, {
      org: 'org_1001',
      returnTo: '/1001',
    })
  ).jar.header();
  for (const handle of ['@single.ann', '@single.off']) {
    await createConsumer(t.database.db, t.app.ledger, {
      handle,
      email: `${handle.slice(1)}@customers.example`,
      displayName: 'Ann Marie Lee',
      passwordHash: 'not-used-here',
      balance: 0n,
      at: new Date(),
    });
  }
  await sql`update consumers set active = false where handle = '@single.off'`.execute(t.database.db);
});
afterAll(async () => {
  await t.close();
});

const URL = '/api/payment/batch-payments';
const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, cookie: string, body: unknown, key: string | null = newKey()) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { cookie, 'x-lynk-csrf': '1', ...(key ? { 'idempotency-key': key } : {}) },
    payload: body as object,
  });
const batchCount = async () =>
  Number(
    (await sql<{ n: string }>`select count(*) as n from batch_payments`.execute(t.database.db)).rows[0]!.n,
  );

describe('POST /api/payment/batch-payments/single-payee', () => {
  it('creates a one-payee batch, answered with the payees list, validated like an upload', async () => {
    const key = newKey();
    const body = { lynk_id: '@single.ann', amount: 2_500_00 };
    const response = await post(`${URL}/single-payee`, manager, body, key);
    expect(response.statusCode).toBe(201);
    const [payee] = response.json().payees;
    expect(payee).toEqual({
      batch_id: expect.any(Number),
      row_number: 1,
      lynk_id: '@single.ann',
      amount: 250_000,
    });
    const replay = await post(`${URL}/single-payee`, manager, body, key);
    expect(replay.json().payees[0].batch_id).toBe(payee.batch_id);

    expect(await validateBatch(t.database.db, payee.batch_id, new Date())).toBe('VALIDATED');
    const batch = (await get(`${URL}/${payee.batch_id}`, manager)).json().data;
    expect(batch).toMatchObject({
      name: 'Single payment to @single.ann',
      status: 'VALIDATED',
      payee_count: 1,
      subtotal: 250_000,
      lynk_fee: 2_500,
      lynk_fee_gct: 375,
      total: 252_875,
    });
  });

  it('ends INVALID_PAYEE for an inactive payee', async () => {
    const response = await post(`${URL}/single-payee`, manager, { lynk_id: '@single.off', amount: 100 });
    const id = response.json().payees[0].batch_id;
    expect(await validateBatch(t.database.db, id, new Date())).toBe('INVALID_PAYEE');
  });

  it.each([
    ['an id without @', { lynk_id: 'single.ann', amount: 100 }],
    ['an id of two characters', { lynk_id: '@ab', amount: 100 }],
    ['an amount below J$1', { lynk_id: '@single.ann', amount: 99 }],
    ['an amount over J$1,000,000', { lynk_id: '@single.ann', amount: 1_000_000_01 }],
    ['a fractional amount', { lynk_id: '@single.ann', amount: 10.5 }],
    ['an unknown field', { lynk_id: '@single.ann', amount: 100, merchant_id: 1002 }],
  ])('refuses %s (400) and writes nothing', async (_case, body) => {
    const before = await batchCount();
    const response = await post(`${URL}/single-payee`, manager, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect(await batchCount()).toBe(before);
  });

  it('is approved like a batch: never by the admin who made it, and only once sent for approval', async () => {
    const created = await post(`${URL}/single-payee`, admin, { lynk_id: '@single.ann', amount: 5_00 });
    const id = created.json().payees[0].batch_id as number;
    expect(await validateBatch(t.database.db, id, new Date())).toBe('VALIDATED');
    const fromWallet = { account_type: 'LYNK', account_id: (await branchAccounts(t, 1001)).wallet };
    const early = await post(`${URL}/${id}/approve`, admin, fromWallet);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('BATCH_STATUS_CONFLICT');
    expect((await post(`${URL}/${id}/request`, admin, undefined)).statusCode).toBe(200);
    const own = await post(`${URL}/${id}/approve`, admin, fromWallet);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ code: 'SELF_APPROVAL', message: PRODUCT_MESSAGES.batchSelfApproval });
    expect((await get(`${URL}/${id}`, manager)).json().data.status).toBe('PENDING_APPROVAL');
    const approved = await post(`${URL}/${id}/approve`, superAdmin, fromWallet);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.status).toBe('APPROVED');
  });

  it('refuses a cashier (403)', async () => {
    expect(
      (await post(`${URL}/single-payee`, cashier, { lynk_id: '@single.ann', amount: 100 })).statusCode,
    ).toBe(403);
  });
});

describe('GET /api/profile/payee-lookup', () => {
  const lookup = (id: string, cookie = manager) =>
    get(`/api/profile/payee-lookup?lynk_id=${encodeURIComponent(id)}`, cookie);

  it('finds a wallet user and a merchant, in any case', async () => {
    const person = await lookup('@Single.Ann');
    expect(person.statusCode).toBe(200);
    expect(person.json().data).toMatchObject({
      display_name: 'Ann Marie Lee',
      user_name: 'single.ann',
      name: 'Ann',
      last_name: 'Marie Lee',
      profile_type: 'CONSUMER',
      verified: true,
      welcome_bonus_claimed: null,
    });
    const merchant = await lookup('@bmc.montego');
    expect(merchant.json().data).toMatchObject({
      profile_type: 'MERCHANT',
      user_id: 1002,
      user_name: 'bmc.montego',
    });
  });

  it("answers 403 for the merchant's own wallet and 404 for an unknown or inactive payee", async () => {
    const self = await lookup('@bmc.kingston');
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(MESSAGES.payee.notAllowed);
    for (const id of ['@nobody.here', '@single.off']) {
      const missing = await lookup(id);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(MESSAGES.payee.notFound);
    }
  });

  it('refuses a malformed id (400) and a cashier (403)', async () => {
    expect((await lookup('single.ann')).statusCode).toBe(400);
    expect((await lookup(`@${'a'.repeat(31)}`)).statusCode).toBe(400);
    expect((await get('/api/profile/payee-lookup', manager)).statusCode).toBe(400);
    expect((await lookup('@single.ann', cashier)).statusCode).toBe(403);
  });
});

describe('GET /api/payment/batch-payments and the template', () => {
  it("lists the merchant's batches and hides them from another branch", async () => {
    const created = await post(`${URL}/single-payee`, manager, { lynk_id: '@single.ann', amount: 1_000 });
    const id = created.json().payees[0].batch_id as number;
    const list = await get(`${URL}?offset=0&limit=100&sort=DESC`, manager);
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.result[0].id).toBe(id);
    expect(body.meta_data).toMatchObject({ offset: 0, limit: 100, total: body.result.length });
    const ascending = (await get(`${URL}?sort=asc&limit=1`, manager)).json();
    expect(ascending.result[0].id).toBeLessThan(id);
    expect(ascending.meta_data.total).toBe(body.meta_data.total);
    const future = (await get(`${URL}?from_utc=2099-01-01&to_utc=2099-01-31`, manager)).json();
    expect(future.result).toEqual([]);

    const other = await get(`${URL}?limit=100`, otherBranchManager);
    expect(other.json().result.map((b: { id: number }) => b.id)).not.toContain(id);
    for (const path of [`${URL}/${id}`, `${URL}/${id}/csv?include_errors=true`]) {
      const hidden = await get(path, otherBranchManager);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().message).toBe(PRODUCT_MESSAGES.batchNotFound);
    }
  });

  it('refuses bad paging, ids and flags (400) and a role without the tab (403)', async () => {
    for (const path of [
      `${URL}?limit=0`,
      `${URL}?sort=UP`,
      `${URL}?from_utc=2026-02-30`,
      `${URL}/abc`,
      `${URL}/99999999999`,
      `${URL}/10001/csv?include_errors=yes`,
    ]) {
      expect((await get(path, manager)).statusCode, path).toBe(400);
    }
    expect((await get(URL, cashier)).statusCode).toBe(403);
  });

  it('offers the template: header and two example rows', async () => {
    const response = await get(`${URL}/template`, manager);
    expect(response.statusCode).toBe(200);
    const text = Buffer.from(response.json().data.csv, 'base64').toString('utf8');
    expect(text.trimEnd().split('\r\n')).toEqual([
      'lynk_id,amount,name',
      'janedoe,1500.00,Jane Doe',
      'kemar.b,250.50,Kemar Brown',
    ]);
    expect((await get(`${URL}/template`, cashier)).statusCode).toBe(403);
  });
});
