import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PRODUCT_MESSAGES } from '@lynk/contract/messages';
import { balanceOf, branchAccounts, newKey } from '../../test/accounts.ts';
import { createBatchPayees } from '../../test/batch-world.ts';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { advanceBankTransfer } from '../../world/bank-rail.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';
import { callPostBatch } from '../ledger/engine-repository.ts';
import { periodStart } from '../ledger/jamaica-time.ts';
import { setLimit } from '../ledger/limits.ts';
import { verifyLedger } from '../ledger/service.ts';
import { validateBatch } from './jobs.ts';
import { payeeRequest, processBatch } from './processing.ts';
import { findPayablePayees, startProcessing } from './processing-repository.ts';

let t: TestApp;
let manager: string;
let admin: string;
let otherAdmin: string;
let accounts: Awaited<ReturnType<typeof branchAccounts>>;

const PAYEES = 40;
beforeAll(async () => {
  t = await createTestApp();
  const cookie = async (email: string) => (await signIn(t.app, email, DEMO_PASSWORD)).jar.header();
  manager = await cookie('manager.kingston@bluemountain.example');
  admin = await cookie('admin.kingston@bluemountain.example');
  otherAdmin = await cookie('admin.montego@bluemountain.example');
  accounts = await branchAccounts(t, 1001);
  // Wallet users to pay: @proc.1 … @proc.40.
  await createBatchPayees(t.database.db, 'proc', PAYEES);
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
const get = (url: string, cookie = admin) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const deps = () => ({
  db: t.database.db,
  ledger: t.app.ledger,
  railStepSeconds: null,
  now: () => new Date(),
});

/**
 * An approved batch paying `amounts` (J$ text) to @proc.{first}, @proc.{first+1}, …: the manager
 * uploads it and sends it for approval, the admin approves it.
 */
async function approvedBatch(
  amounts: string[],
  first = 1,
  source: { account_type: string; account_id: number } = {
    account_type: 'LYNK',
    account_id: accounts.wallet,
  },
): Promise<number> {
  const rows = amounts.map((amount, i) => `proc.${first + i},${amount}`);
  const csv = Buffer.from(['lynk_id,amount', ...rows].join('\n')).toString('base64');
  const created = await post(URL, manager, { merchant_id: 1001, name: 'Payroll', csv });
  expect(created.statusCode).toBe(201);
  const id = created.json().data.id as number;
  expect(await validateBatch(t.database.db, id, new Date())).toBe('VALIDATED');
  expect((await post(`${URL}/${id}/request`, manager)).statusCode).toBe(200);
  const approved = await post(`${URL}/${id}/approve`, admin, source);
  expect(approved.statusCode).toBe(200);
  return id;
}

const batchOf = async (id: number) => (await get(`${URL}/${id}`)).json().data;
const payeesOf = (id: number) =>
  t.database.db
    .selectFrom('batch_payees')
    .select(['row_number', 'lynk_id', 'status', 'error', 'entry_id', 'account_id', 'amount'])
    .where('batch_id', '=', id)
    .orderBy('row_number')
    .execute();
const entriesOf = async (id: number) => {
  const row = await t.database.db
    .selectFrom('journal_entries')
    .select(sql<string>`count(*)`.as('n'))
    .where('kind', '=', 'BATCH_PAYOUT')
    .where('description', 'like', `Batch ${id}, row %`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};
const notificationCodes = async (id: number) =>
  (
    await t.database.db
      .selectFrom('notifications')
      .select('code')
      .where(sql<boolean>`data->>'batch_id' = ${String(id)}`)
      .orderBy('id')
      .execute()
  ).map((n) => n.code);
const receiptOf = async (id: number, cookie = admin) => {
  const response = await get(`${URL}/${id}/receipt`, cookie);
  return { response, csv: response.statusCode === 200 ? decodeCsv(response.json().data.csv) : '' };
};
const decodeCsv = (base64: string) => Buffer.from(base64, 'base64').toString('utf8');

async function expectLedgerSound() {
  const { ok, violations } = await verifyLedger(t.database.db);
  expect(
    Object.entries(violations)
      .filter(([, count]) => count !== 0)
      .map(([name]) => name),
  ).toEqual([]);
  expect(ok).toBe(true);
}

describe('processing an approved batch from the main wallet', () => {
  it('pays every payee once, charges the wallet the total and says so', async () => {
    const id = await approvedBatch(['100.00', '250.50', '1000.00']);
    const approved = await batchOf(id);
    expect(approved.total).toBe(100_00 + 250_50 + 1000_00 + 1_00 + 2_51 + 10_00 + 15 + 38 + 1_50);
    const payees = await payeesOf(id);
    const wallet = await balanceOf(t, accounts.wallet);
    const before = await Promise.all(payees.map((payee) => balanceOf(t, payee.account_id!)));
    const { before: receiptBefore } = { before: await receiptOf(id) };
    expect(receiptBefore.response.statusCode).toBe(409);
    expect(receiptBefore.response.json().message).toBe(PRODUCT_MESSAGES.batchReceiptNotReady);

    expect(await processBatch(deps(), id)).toBe('COMPLETED');

    expect(await balanceOf(t, accounts.wallet)).toBe(wallet - BigInt(approved.total));
    const after = await Promise.all(payees.map((payee) => balanceOf(t, payee.account_id!)));
    expect(after.map((balance, i) => balance - before[i]!)).toEqual([100_00n, 250_50n, 1000_00n]);
    expect((await payeesOf(id)).map((payee) => payee.status)).toEqual(['PAID', 'PAID', 'PAID']);
    expect(await entriesOf(id)).toBe(3);
    expect(await batchOf(id)).toMatchObject({
      status: 'COMPLETED',
      payees_not_paid: 0,
      completed_at: expect.any(String),
    });
    expect(await notificationCodes(id)).toEqual([
      'BATCH_DISBURSE_FUNDS_TO_APPROVE',
      'BATCH_DISBURSE_FUNDS_APPROVED',
      'BATCH_DISBURSE_FUNDS_PROCESSED',
    ]);

    // Run again (a duplicate job): nothing is the processing's any more, nothing moves.
    expect(await processBatch(deps(), id)).toBeNull();
    expect(await balanceOf(t, accounts.wallet)).toBe(wallet - BigInt(approved.total));
    expect(await entriesOf(id)).toBe(3);
    await expectLedgerSound();
  });

  it('writes receipt.csv with each payee, charge, outcome and reference, for its own merchant only', async () => {
    const id = await approvedBatch(['10.00', '20.00'], 4);
    await processBatch(deps(), id);
    const { response, csv } = await receiptOf(id);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.file_name).toBe('receipt.csv');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('row,lynk_id,name,amount,fee,gct,status,paid_at,reference,error');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^1,proc\.4,,10\.00,0\.10,0\.02,PAID,\d\d\/\d\d\/\d{4} \d\d:\d\d,\d+,$/);
    expect((await receiptOf(id, otherAdmin)).response.statusCode).toBe(404);
    expect((await get(`${URL}/abc/receipt`)).statusCode).toBe(400);
  });

  it("writes receipt.csv's paid_at as every other file does: DD/MM/YYYY HH:mm, Jamaica time", async () => {
    const id = await approvedBatch(['30.00'], 6);
    await processBatch(deps(), id);
    // 18:04 UTC is 13:04 in Jamaica (UTC-5 all year).
    const paidAt = new Date('2026-11-27T18:04:18.510Z');
    await sql`UPDATE batch_payees SET paid_at = ${paidAt} WHERE batch_id = ${id}`.execute(t.database.db);
    const { csv } = await receiptOf(id);
    expect(csv.trimEnd().split('\r\n')[1]?.split(',')[7]).toBe('27/11/2026 13:04');
  });

  it('pays nobody twice when two runs of one batch go at once', async () => {
    const amounts = Array.from({ length: 12 }, (_, i) => `${i + 1}.00`);
    const id = await approvedBatch(amounts, 10);
    const total = BigInt((await batchOf(id)).total);
    const wallet = await balanceOf(t, accounts.wallet);
    const results = await Promise.all([processBatch(deps(), id), processBatch(deps(), id)]);
    expect(results.filter((result) => result === 'COMPLETED')).toHaveLength(1);
    expect(await entriesOf(id)).toBe(12);
    expect(await balanceOf(t, accounts.wallet)).toBe(wallet - total);
    expect((await notificationCodes(id)).filter((code) => code.endsWith('PROCESSED'))).toHaveLength(1);
    await expectLedgerSound();
  });

  it('takes up a run that stopped half-way and pays only those not yet paid', async () => {
    const id = await approvedBatch(['5.00', '6.00', '7.00', '8.00'], 25);
    const total = BigInt((await batchOf(id)).total);
    const wallet = await balanceOf(t, accounts.wallet);
    // A run that paid the first two payees, then died.
    const batch = (await startProcessing(t.database.db, id, '2026-11-23', new Date()))!;
    const [fees, gct] = [
      await t.app.ledger.internalAccount('fees', 1001),
      await t.app.ledger.internalAccount('gctPayable', 1001),
    ];
    const firstTwo = (await findPayablePayees(t.database.db, id, 0, 2)).map((payee) =>
      payeeRequest(batch, { wallet: accounts.wallet, fees, gct }, payee, new Date()),
    );
    for (const request of firstTwo) expect((await t.app.ledger.post(request)).outcome).toBe('accepted');
    // The same requests again (a retry of the dead run's chunk) are stale: already PAID.
    for (const request of firstTwo) expect((await t.app.ledger.post(request)).outcome).toBe('stale');

    // One payee twice in one engine call is a caller's bug: the whole call is refused.
    const [third] = await findPayablePayees(t.database.db, id, 2, 1);
    const twice = payeeRequest(batch, { wallet: accounts.wallet, fees, gct }, third!, new Date());
    await expect(callPostBatch(t.database.db, [twice, twice])).rejects.toThrow(/appears twice/);

    expect(await processBatch(deps(), id)).toBe('COMPLETED');
    expect(await entriesOf(id)).toBe(4);
    expect(await balanceOf(t, accounts.wallet)).toBe(wallet - total);
    await expectLedgerSound();
  });
});

describe('payees that cannot be paid', () => {
  it('fails the payees the wallet can no longer cover: COMPLETED_WITH_ERRORS, counted and on the receipt', async () => {
    const id = await approvedBatch(['300.00', '300.00', '300.00'], 30);
    // Between approval and processing the wallet drops to what covers one payee (303.45).
    const wallet = await balanceOf(t, accounts.wallet);
    const keep = 400_00n;
    await t.app.ledger.post({
      merchantId: 1001,
      entry: {
        kind: 'TEST_DRAIN',
        description: 'Money spent elsewhere meanwhile',
        createdAt: new Date(),
        postings: [
          { accountId: accounts.wallet, currency: 'JMD', amount: -(wallet - keep) },
          {
            accountId: await t.app.ledger.internalAccount('fees', 1001),
            currency: 'JMD',
            amount: wallet - keep,
          },
        ],
      },
    });
    try {
      expect(await processBatch(deps(), id)).toBe('COMPLETED_WITH_ERRORS');
      const payees = await payeesOf(id);
      expect(payees.map((payee) => payee.status)).toEqual(['PAID', 'FAILED', 'FAILED']);
      expect(payees[1]!.error).toBe(MESSAGES.transfer.insufficientBalance);
      expect(payees[1]!.entry_id).toBeNull();
      expect(await balanceOf(t, accounts.wallet)).toBe(keep - 303_45n);
      expect((await batchOf(id)).payees_not_paid).toBe(2);
      expect((await notificationCodes(id)).at(-1)).toBe('BATCH_DISBURSE_FUNDS_PROCESSED_WITH_ERROR');
      const { csv } = await receiptOf(id);
      expect(csv).toContain(`FAILED,,,"${MESSAGES.transfer.insufficientBalance}"`);
      await expectLedgerSound();
    } finally {
      await refill(wallet - keep);
    }
  });

  it('fails a payee over the weekly batch limit left, with the spec text, and counts the paid ones', async () => {
    const id = await approvedBatch(['400.00', '400.00'], 33);
    // The limit is lowered after the approval: 500 left this week covers the first payee (404.60) only.
    const used = await t.database.db
      .selectFrom('limit_usage')
      .select(sql<string>`coalesce(sum(used), 0)`.as('used'))
      .where('account_id', '=', accounts.wallet)
      .where('transfer_type', '=', 'MBATCH')
      .where('period_start', '=', periodStart(new Date(), 2))
      .executeTakeFirstOrThrow();
    try {
      await setLimit(t.database.db, accounts.wallet, 'MBATCH', BigInt(used.used) + 500_00n);
      expect(await processBatch(deps(), id)).toBe('COMPLETED_WITH_ERRORS');
      const payees = await payeesOf(id);
      expect(payees.map((payee) => payee.status)).toEqual(['PAID', 'FAILED']);
      expect(payees[1]!.error).toBe(MESSAGES.batch.weeklyLimitAdmin('95.40'));
    } finally {
      await setLimit(t.database.db, accounts.wallet, 'MBATCH', 100_000_000_000n);
    }
  });

  it('fails the whole batch, paying nobody, when its payees no longer add up to the approved totals', async () => {
    const id = await approvedBatch(['50.00', '60.00'], 35);
    await t.database.db
      .updateTable('batch_payees')
      .set({ amount: 5000_00n })
      .where('batch_id', '=', id)
      .where('row_number', '=', 2)
      .execute();
    const wallet = await balanceOf(t, accounts.wallet);
    expect(await processBatch(deps(), id)).toBe('FAILED');
    expect(await balanceOf(t, accounts.wallet)).toBe(wallet);
    expect((await payeesOf(id)).map((payee) => [payee.status, payee.error])).toEqual([
      ['FAILED', PRODUCT_MESSAGES.batchTotalsChanged],
      ['FAILED', PRODUCT_MESSAGES.batchTotalsChanged],
    ]);
    expect(await batchOf(id)).toMatchObject({ status: 'FAILED', error: PRODUCT_MESSAGES.batchTotalsChanged });
    expect((await notificationCodes(id)).at(-1)).toBe('BATCH_DISBURSE_FUNDS_FAILURE');
  });
});

describe('a batch funded from the bank account', () => {
  it('cashes the total in first, waits for the bank, then pays the payees from the wallet', async () => {
    const id = await approvedBatch(['70.00', '80.00'], 37, {
      account_type: 'BANK_ACCT',
      account_id: accounts.bank,
    });
    const total = BigInt((await batchOf(id)).total);
    const wallet = await balanceOf(t, accounts.wallet);
    expect(await processBatch(deps(), id)).toBe('WAITING');
    const cashInId = (await batchOf(id)).cash_in_id as string;
    expect(cashInId).toMatch(/^\d+$/);
    // Run again while the bank has not answered: the same cash-in, never a second one.
    expect(await processBatch(deps(), id)).toBe('WAITING');
    expect((await batchOf(id)).cash_in_id).toBe(cashInId);
    expect(await balanceOf(t, accounts.wallet)).toBe(wallet);

    expect(await advanceBankTransfer(t.database.db, t.app.ledger, cashInId, new Date())).toBe('TRANSMITTED');
    expect(await advanceBankTransfer(t.database.db, t.app.ledger, cashInId, new Date())).toBe('COMPLETED');
    expect(await processBatch(deps(), id)).toBe('COMPLETED');
    // The cash-in brought the total in and the payees took it out again.
    expect(await balanceOf(t, accounts.wallet)).toBe(wallet);
    const cashIns = await t.database.db
      .selectFrom('transfers')
      .select(['amount', 'status'])
      .where('id', '=', cashInId)
      .execute();
    expect(cashIns).toEqual([{ amount: String(total), status: 'COMPLETED' }]);
    await expectLedgerSound();
  });

  it('fails with "Cash in is unavailable at this time." when the bank fails the cash-in', async () => {
    const id = await approvedBatch(['90.00'], 39, {
      account_type: 'BANK_ACCT',
      account_id: accounts.failingBank,
    });
    const wallet = await balanceOf(t, accounts.wallet);
    expect(await processBatch(deps(), id)).toBe('WAITING');
    const cashInId = (await batchOf(id)).cash_in_id as string;
    await advanceBankTransfer(t.database.db, t.app.ledger, cashInId, new Date());
    expect(await advanceBankTransfer(t.database.db, t.app.ledger, cashInId, new Date())).toBe('FAILED');
    expect(await processBatch(deps(), id)).toBe('FAILED');
    expect(await batchOf(id)).toMatchObject({ status: 'FAILED', error: MESSAGES.batch.cashInUnavailable });
    expect(await balanceOf(t, accounts.wallet)).toBe(wallet);
    await expectLedgerSound();
  });
});

async function refill(amount: bigint) {
  await t.app.ledger.post({
    merchantId: 1001,
    entry: {
      kind: 'TEST_REFILL',
      description: 'Money back for the next tests',
      createdAt: new Date(),
      postings: [
        { accountId: await t.app.ledger.internalAccount('fees', 1001), currency: 'JMD', amount: -amount },
        { accountId: accounts.wallet, currency: 'JMD', amount },
      ],
    },
  });
}
