import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PRODUCT_MESSAGES } from '@lynk/contract/messages';
import { formatCents } from '@lynk/contract/money';
import { balanceOf, branchAccounts, newKey } from '../../test/accounts.ts';
import { createBatchPayees } from '../../test/batch-world.ts';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';
import { setLimit } from '../ledger/limits.ts';
import { validateBatch } from './jobs.ts';
import { processBatch } from './processing.ts';

let t: TestApp;
let manager: string;
let admin: string;
let cashier: string;
let otherAdmin: string;
let superAdmin: string;
let accounts: Awaited<ReturnType<typeof branchAccounts>>;
let montegoBank: number;

/** Batches made before this file's tests started are the demo's. */
let seededBefore: Date;

beforeAll(async () => {
  seededBefore = new Date();
  t = await createTestApp();
  const cookie = async (email: string) => (await signIn(t.app, email, DEMO_PASSWORD)).jar.header();
  manager = await cookie('manager.kingston@bluemountain.example');
  admin = await cookie('admin.kingston@bluemountain.example');
  cashier = await cookie('cashier.kingston@bluemountain.example');
  otherAdmin = await cookie('admin.montego@bluemountain.example');
  // The branch's second admin: the super administrator, signed in to Kingston.
  superAdmin = (
    await signIn(t.app, 'superadmin@bluemountain.example', DEMO_PASSWORD, {
      org: 'org_1001',
      returnTo: '/1001',
    })
  ).jar.header();
  accounts = await branchAccounts(t, 1001);
  montegoBank = (await branchAccounts(t, 1002)).bank;
  // Wallet users to pay, set-based: @approval.1 … @approval.300.
  await createBatchPayees(t.database.db, 'approval', 300);
});
afterAll(async () => {
  await t.close();
});

const URL = '/api/payment/batch-payments';
const post = (url: string, cookie: string, body?: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { cookie, 'x-lynk-csrf': '1', 'idempotency-key': newKey() },
    ...(body === undefined ? {} : { payload: body as object }),
  });

/** A validated batch paying `payees` wallet users `amount` J$ each, uploaded by `maker`. */
async function validatedBatch(payees = 2, amount = '100.00', first = 1, maker = manager): Promise<number> {
  const rows = Array.from({ length: payees }, (_, i) => `approval.${first + i},${amount}`);
  const csv = Buffer.from(['lynk_id,amount', ...rows].join('\n')).toString('base64');
  const created = await post(URL, maker, { merchant_id: 1001, name: 'Payroll', csv });
  expect(created.statusCode).toBe(201);
  const id = created.json().data.id as number;
  expect(await validateBatch(t.database.db, id, new Date())).toBe('VALIDATED');
  return id;
}

/** A batch the manager uploaded and sent for approval: what an admin approves. */
async function pendingBatch(payees = 2, amount = '100.00', first = 1): Promise<number> {
  const id = await validatedBatch(payees, amount, first);
  expect((await post(`${URL}/${id}/request`, manager)).statusCode).toBe(200);
  return id;
}

const notifications = (batchId: number) =>
  t.database.db
    .selectFrom('notifications')
    .select(['merchant_id', 'code', 'data'])
    .where(sql<boolean>`data->>'batch_id' = ${String(batchId)}`)
    .orderBy('id')
    .execute();

const refused = async (response: Awaited<ReturnType<typeof post>>, status: number, message?: string) => {
  expect(response.statusCode).toBe(status);
  if (message) expect(response.json().message).toBe(message);
};

describe('request approval', () => {
  it('sends a validated batch to PENDING_APPROVAL with a notification linking its review page', async () => {
    const id = await validatedBatch();
    await refused(await post(`${URL}/${id}/request`, cashier), 403);
    await refused(await post(`${URL}/${id}/request`, otherAdmin), 404, PRODUCT_MESSAGES.batchNotFound);
    const response = await post(`${URL}/${id}/request`, manager);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id, status: 'PENDING_APPROVAL', reviewed_by: null });
    expect(await notifications(id)).toEqual([
      {
        merchant_id: 1001,
        code: 'BATCH_DISBURSE_FUNDS_TO_APPROVE',
        data: { lynkRouteRedirect: `/1001/lynk-wallet/payment-history/review/${id}`, batch_id: id },
      },
    ]);
    await refused(await post(`${URL}/${id}/request`, manager), 409, PRODUCT_MESSAGES.batchNotValidated);
    expect(await notifications(id)).toHaveLength(1);
  });

  it('refuses a batch still NEW or invalid', async () => {
    const csv = Buffer.from('lynk_id,amount\n@nobody.here,10\n').toString('base64');
    const id = (await post(URL, manager, { merchant_id: 1001, csv })).json().data.id as number;
    await refused(await post(`${URL}/${id}/request`, manager), 409);
    await validateBatch(t.database.db, id, new Date());
    await refused(await post(`${URL}/${id}/request`, manager), 409);
    await refused(
      await post(`${URL}/${id}/approve`, admin, { account_type: 'LYNK', account_id: accounts.wallet }),
      409,
    );
  });
});

describe('reject', () => {
  it('rejects a pending batch with its reason, once', async () => {
    const id = await validatedBatch();
    await post(`${URL}/${id}/request`, manager);
    await refused(await post(`${URL}/${id}/reject`, admin, { reason: 'x'.repeat(46) }), 400);
    await refused(await post(`${URL}/${id}/reject`, cashier, { reason: 'No' }), 403);
    const response = await post(`${URL}/${id}/reject`, admin, { reason: 'Wrong amounts for March' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ status: 'REJECTED', reviewed_by: 'Andre Brown' });
    expect((await notifications(id)).map((n) => [n.code, n.data])).toEqual([
      ['BATCH_DISBURSE_FUNDS_TO_APPROVE', expect.any(Object)],
      [
        'BATCH_DISBURSE_FUNDS_REJECTED',
        { lynkRouteRedirect: '/1001/lynk-wallet/payment-history', batch_id: id },
      ],
    ]);
    await refused(await post(`${URL}/${id}/reject`, manager, {}), 409, PRODUCT_MESSAGES.batchNotReviewable);
    await refused(
      await post(`${URL}/${id}/approve`, admin, { account_type: 'LYNK', account_id: accounts.wallet }),
      409,
    );
  });

  it('lets the maker reject a validated batch without a reason', async () => {
    const id = await validatedBatch();
    const response = await post(`${URL}/${id}/reject`, manager, {});
    expect(response.json().data.status).toBe('REJECTED');
  });
});

describe('approve', () => {
  it('is for an admin with a source of funds of their own branch', async () => {
    const id = await pendingBatch();
    const approve = (cookie: string, body: unknown) => post(`${URL}/${id}/approve`, cookie, body);
    await refused(await approve(manager, { account_type: 'LYNK', account_id: accounts.wallet }), 403);
    await refused(await approve(admin, { account_type: 'CBDC', account_id: accounts.cbdc }), 400);
    await refused(await approve(admin, { account_type: 'LYNK', account_id: accounts.bank }), 404);
    await refused(
      await approve(admin, { account_type: 'BANK_ACCT', account_id: montegoBank }),
      404,
      PRODUCT_MESSAGES.batchFundingAccount,
    );
    const response = await approve(admin, { account_type: 'BANK_ACCT', account_id: accounts.bank });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      status: 'APPROVED',
      account_type: 'BANK_ACCOUNT',
      account_id: accounts.bank,
      reviewed_by: 'Andre Brown',
      reviewed_at: expect.any(String),
    });
    expect((await notifications(id)).map((n) => n.code)).toEqual([
      'BATCH_DISBURSE_FUNDS_TO_APPROVE',
      'BATCH_DISBURSE_FUNDS_APPROVED',
    ]);
    // Approving twice is refused and changes nothing.
    await refused(await approve(admin, { account_type: 'LYNK', account_id: accounts.wallet }), 409);
    expect((await notifications(id)).length).toBe(2);
  });

  it('refuses a total over the remaining weekly limit, with the spec text', async () => {
    const id = await pendingBatch(2, '500.00', 10);
    await setLimit(t.database.db, accounts.wallet, 'MBATCH', 50_000n);
    try {
      const response = await post(`${URL}/${id}/approve`, admin, {
        account_type: 'LYNK',
        account_id: accounts.wallet,
      });
      await refused(
        response,
        422,
        MESSAGES.batch.weeklyLimitAdmin(formatCents(50_000, { currencyPrefix: '' })),
      );
      expect(response.json().code).toBe('WEEKLY_LIMIT_EXCEEDED');
    } finally {
      await setLimit(t.database.db, accounts.wallet, 'MBATCH', 100_000_000_000n);
    }
  });

  it('refuses a main-wallet source whose balance is below the total, with the spec text', async () => {
    const balance = await balanceOf(t, accounts.wallet);
    const payees = Number(balance / 1_000_000_00n) + 1;
    expect(payees).toBeLessThanOrEqual(250);
    const id = await pendingBatch(payees, '1000000.00', 50);
    const response = await post(`${URL}/${id}/approve`, admin, {
      account_type: 'LYNK',
      account_id: accounts.wallet,
    });
    await refused(response, 422, MESSAGES.transfer.insufficientBalance);
    expect(response.json().code).toBe('INSUFFICIENT_FUNDS');
    const batch = await t.app.inject({ method: 'GET', url: `${URL}/${id}`, headers: { cookie: admin } });
    expect(batch.json().data.status).toBe('PENDING_APPROVAL');
  });
});

describe('maker-checker (spec section 4)', () => {
  const fromWallet = () => ({ account_type: 'LYNK', account_id: accounts.wallet });

  /** What an approval writes: the batch's review columns, its notifications and audit rows. */
  const trace = async (id: number) => ({
    batch: await t.database.db
      .selectFrom('batch_payments')
      .select(['status', 'reviewed_by', 'reviewed_at', 'account_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow(),
    notifications: (await notifications(id)).map((n) => n.code),
    audit: (
      await t.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('subject', '=', String(id))
        .orderBy('id')
        .execute()
    ).map((row) => row.action),
  });

  const refusedAs = async (response: Awaited<ReturnType<typeof post>>, status: number, code: string) => {
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ code, message: expect.any(String) });
  };

  it("keeps the demo's batches to it: sent by their uploader, decided by another user", async () => {
    const seeded = await t.database.db
      .selectFrom('batch_payments')
      .select(['status', 'created_by', 'requested_by', 'reviewed_by'])
      .where('created_at', '<', seededBefore)
      .where('status', 'not in', ['VALIDATED', 'INVALID_PAYEE'])
      .execute();
    expect(new Set(seeded.map((batch) => batch.status))).toEqual(
      new Set(['COMPLETED', 'FAILED', 'REJECTED', 'PENDING_APPROVAL']),
    );
    for (const batch of seeded) {
      expect(batch.requested_by).toBe(batch.created_by);
      if (batch.status !== 'PENDING_APPROVAL') {
        expect(batch.reviewed_by).not.toBeNull();
        expect(batch.reviewed_by).not.toBe(batch.created_by);
      }
    }
  });

  it('refuses an admin approving the batch they uploaded: 409 before approval is requested, 403 after, writing nothing', async () => {
    const id = await validatedBatch(2, '100.00', 60, admin);
    const before = await trace(id);
    const early = await post(`${URL}/${id}/approve`, admin, fromWallet());
    await refusedAs(early, 409, 'BATCH_STATUS_CONFLICT');
    expect(early.json().message).toBe(PRODUCT_MESSAGES.batchNotPendingApproval);
    expect(await trace(id)).toEqual(before);

    expect((await post(`${URL}/${id}/request`, admin)).statusCode).toBe(200);
    const pending = await trace(id);
    const own = await post(`${URL}/${id}/approve`, admin, fromWallet());
    await refusedAs(own, 403, 'SELF_APPROVAL');
    expect(own.json().message).toBe(PRODUCT_MESSAGES.batchSelfApproval);
    expect(await trace(id)).toEqual(pending);
    expect(pending.batch).toMatchObject({ status: 'PENDING_APPROVAL', reviewed_by: null, account_id: null });
  });

  it("refuses the admin who sent a manager's batch for approval", async () => {
    const id = await validatedBatch(1, '100.00', 62);
    expect((await post(`${URL}/${id}/request`, admin)).statusCode).toBe(200);
    const pending = await trace(id);
    await refusedAs(await post(`${URL}/${id}/approve`, admin, fromWallet()), 403, 'SELF_APPROVAL');
    expect(await trace(id)).toEqual(pending);
  });

  it('refuses a maker who approves while sending for approval, whichever comes first', async () => {
    for (const first of [67, 68, 69]) {
      const id = await validatedBatch(1, '100.00', first, admin);
      const [requested, approved] = await Promise.all([
        post(`${URL}/${id}/request`, admin),
        post(`${URL}/${id}/approve`, admin, fromWallet()),
      ]);
      expect(requested.statusCode).toBe(200);
      expect([403, 409]).toContain(approved.statusCode);
      expect((await trace(id)).batch).toMatchObject({ status: 'PENDING_APPROVAL', reviewed_by: null });
    }
  });

  it('lets the maker reject (cancel) their own batch, waiting for approval or not', async () => {
    const validated = await validatedBatch(1, '100.00', 63, admin);
    expect((await post(`${URL}/${validated}/reject`, admin, {})).json().data.status).toBe('REJECTED');
    const pending = await validatedBatch(1, '100.00', 64, admin);
    await post(`${URL}/${pending}/request`, admin);
    expect((await post(`${URL}/${pending}/reject`, admin, {})).json().data.status).toBe('REJECTED');
  });

  it("lets another admin approve an admin's pending batch: 200, and the payees are paid", async () => {
    const id = await validatedBatch(2, '100.00', 65, admin);
    expect((await post(`${URL}/${id}/request`, admin)).statusCode).toBe(200);
    const payees = await t.database.db
      .selectFrom('consumers')
      .select('wallet_account_id')
      .where('handle', 'in', ['@approval.65', '@approval.66'])
      .orderBy('handle')
      .execute();
    const paidBefore = await Promise.all(payees.map((p) => balanceOf(t, p.wallet_account_id)));

    const response = await post(`${URL}/${id}/approve`, superAdmin, fromWallet());
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      status: 'APPROVED',
      created_by: 'Andre Brown',
      reviewed_by: 'Simone Campbell',
    });
    const deps = { db: t.database.db, ledger: t.app.ledger, railStepSeconds: null, now: () => new Date() };
    expect(await processBatch(deps, id)).toBe('COMPLETED');
    const paidAfter = await Promise.all(payees.map((p) => balanceOf(t, p.wallet_account_id)));
    expect(paidAfter.map((balance, i) => balance - paidBefore[i]!)).toEqual([100_00n, 100_00n]);
  });
});
