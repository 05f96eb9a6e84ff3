import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { BATCH_CSV_COLUMNS } from '@lynk/contract/batches';
import { branchAccounts } from './test/accounts.ts';
import { staffCaller } from './test/fuzz/callers.ts';
import { expectSomeAccepted, fuzzTimeout, fuzzWritingRoute, type Caller } from './test/fuzz/fuzz-route.ts';
import { HOSTILE_NUMBERS, hostileText } from './test/fuzz/hostile-values.ts';
import { writingRoute } from './test/fuzz/writing-routes.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';
import { DEMO_PASSWORD } from './world/demo-seed.ts';
import { SAMPLE_DEMO_PAYEES, INACTIVE_DEMO_PAYEE } from './world/demo-payees.ts';

/**
 * The routes that move money or promise to, fuzzed from the contract by an admin of Kingston
 * (branch 1001, who may call each of them): see test/fuzz/fuzz-route.ts for what every answer
 * must satisfy.
 */

const KINGSTON = 1001;
const MONTEGO = 1002;
const ADMIN = 'admin.kingston@bluemountain.example';

let t: TestApp;
let admin: Caller;
let kingston: Awaited<ReturnType<typeof branchAccounts>>;
let montego: Awaited<ReturnType<typeof branchAccounts>>;

beforeAll(async () => {
  t = await createTestApp({
    env: { RATE_LIMIT_PER_MINUTE: '1000000', SIGN_IN_ATTEMPTS_PER_ADDRESS: '1000' },
  });
  admin = staffCaller(t, ADMIN, DEMO_PASSWORD);
  kingston = await branchAccounts(t, KINGSTON);
  montego = await branchAccounts(t, MONTEGO);
});
afterAll(async () => {
  await t.close();
});

/** Ids of `merchant`'s latest rows of `table`. */
async function idsOf(table: 'orders' | 'batch_payments', merchant: number): Promise<string[]> {
  const rows = await t.database.db
    .selectFrom(table)
    .select('id')
    .where('merchant_id', '=', merchant)
    .orderBy('id', 'desc')
    .limit(40)
    .execute();
  return rows.map((r) => String(r.id));
}

/** Mostly the caller's own ids, now and then another branch's. */
const ownAndForeign = (own: string[], foreign: string[]) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...own) },
    { weight: 1, arbitrary: fc.constantFrom(...foreign) },
  );

/** Amounts a request may take, and some it must refuse. */
const amounts = (max: number) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 1, max }) },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS, 9, 10, 99, 100, 1e12) },
  );

const route = (name: string) => writingRoute(t.app, name);

/** A batch file as the upload sends it: a CSV, base64-encoded, its cells valid or hostile. */
const batchFile = () =>
  fc
    .tuple(
      fc.oneof(
        { weight: 4, arbitrary: fc.constant(BATCH_CSV_COLUMNS.join(',')) },
        { weight: 1, arbitrary: hostileText() },
      ),
      fc.array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom(...SAMPLE_DEMO_PAYEES, INACTIVE_DEMO_PAYEE, '@nobody.here'),
            hostileText(),
          ),
          fc.oneof(amounts(10_000_00).map(String), fc.constantFrom('12.50', '1,000', '-5', 'J$100', '')),
          fc.oneof(fc.constantFrom('Payee', ''), hostileText()),
        ),
        { maxLength: 12 },
      ),
      fc.constantFrom('\n', '\r\n'),
    )
    .map(([header, rows, eol]) =>
      Buffer.from([header, ...rows.map((cells) => cells.map(csvCell).join(','))].join(eol)).toString(
        'base64',
      ),
    );

function csvCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

describe('money routes fuzzed from the contract', () => {
  it(
    'POST /api/account/v1/accounts/{id}/transfers',
    async () => {
      const accounts = [kingston.bank, kingston.failingBank, kingston.beneficiary, kingston.cbdc!];
      const answers = await fuzzWritingRoute(
        t,
        route('POST /api/account/v1/accounts/{id}/transfers'),
        admin,
        {
          pathValues: {
            id: ownAndForeign(
              [kingston.wallet, kingston.cbdc!].map(String),
              [montego.wallet, montego.cbdc!].map(String),
            ),
          },
          body: fc.record({
            transfer_type: fc.constantFrom('CASH_IN', 'CASH_OUT'),
            account_type: fc.constantFrom('BANK_ACCOUNT', 'CBDC', 'BENEFICIARY'),
            account_id: ownAndForeign(
              accounts.map(String),
              [montego.bank, montego.beneficiary].map(String),
            ).map(Number),
            amount: amounts(50_000_00),
          }),
          // Whole transfers as the modal sends them: each kind of account with one of its own.
          coherent: fc
            .record({
              transfer_type: fc.constantFrom('CASH_IN', 'CASH_OUT'),
              account: fc.constantFrom(
                ['BANK_ACCOUNT', kingston.bank],
                ['BANK_ACCOUNT', kingston.failingBank],
                ['BENEFICIARY', kingston.beneficiary],
                ['CBDC', kingston.cbdc!],
              ),
              amount: amounts(50_000_00),
            })
            .map(({ transfer_type, account: [account_type, account_id], amount }) => ({
              path: { id: String(kingston.wallet) },
              body: { transfer_type, account_type, account_id, amount },
            })),
        },
      );
      expectSomeAccepted(answers, 201);
    },
    fuzzTimeout(),
  );

  it(
    'POST /api/payment/customer-transactions',
    async () => {
      const answers = await fuzzWritingRoute(t, route('POST /api/payment/customer-transactions'), admin);
      expectSomeAccepted(answers, 201);
    },
    fuzzTimeout(),
  );

  it.each(['full-refund', 'partial-refund'])(
    'POST /api/payment/{id}/%s',
    async (kind) => {
      const paid = await t.database.db
        .selectFrom('orders')
        .select(['id', 'amount', 'transfer_id'])
        .where('merchant_id', '=', KINGSTON)
        .where('status', '=', 'PAID')
        .orderBy('id', 'desc')
        .limit(40)
        .execute();
      const refund = (order: (typeof paid)[number]) =>
        fc.record(
          {
            amount_to_refund: fc.oneof(fc.constant(Number(order.amount)), amounts(Number(order.amount))),
            transferID: fc.oneof(
              { weight: 4, arbitrary: fc.constant(order.transfer_id!) },
              { weight: 1, arbitrary: hostileText() },
            ),
            description: hostileText(),
            motif: fc.constantFrom('WRONG', 'NOT_NEEDED', 'DAMAGED', 'OTHER'),
          },
          { requiredKeys: ['amount_to_refund', 'transferID', 'motif'] },
        );
      const answers = await fuzzWritingRoute(t, route(`POST /api/payment/{id}/${kind}`), admin, {
        pathValues: {
          id: ownAndForeign(
            paid.map((o) => o.id),
            await idsOf('orders', MONTEGO),
          ),
        },
        coherent: fc
          .constantFrom(...paid)
          .chain((order) => refund(order).map((body) => ({ path: { id: order.id }, body }))),
      });
      expectSomeAccepted(answers, 201);
    },
    fuzzTimeout(),
  );

  it(
    'POST /api/payment/batch-payments',
    async () => {
      const answers = await fuzzWritingRoute(t, route('POST /api/payment/batch-payments'), admin, {
        body: fc.record(
          {
            merchant_id: ownAndForeign([String(KINGSTON)], [String(MONTEGO)]).map(Number),
            name: hostileText(),
            file_name: fc.oneof(fc.constant('payees.csv'), hostileText()),
            csv: batchFile(),
          },
          { requiredKeys: ['merchant_id', 'csv'] },
        ),
      });
      expectSomeAccepted(answers, 201);
    },
    fuzzTimeout(),
  );

  it(
    'POST /api/payment/batch-payments/single-payee',
    async () => {
      const answers = await fuzzWritingRoute(
        t,
        route('POST /api/payment/batch-payments/single-payee'),
        admin,
        {
          body: fc.record({
            lynk_id: fc.oneof(
              fc.constantFrom(...SAMPLE_DEMO_PAYEES, INACTIVE_DEMO_PAYEE, '@nobody.here'),
              hostileText(),
            ),
            amount: amounts(1_000_00),
          }),
        },
      );
      expectSomeAccepted(answers, 201);
    },
    fuzzTimeout(),
  );

  it.each(['request', 'reject', 'approve'])(
    'POST /api/payment/batch-payments/{id}/%s',
    async (step) => {
      await fuzzWritingRoute(t, route(`POST /api/payment/batch-payments/{id}/${step}`), admin, {
        pathValues: {
          id: ownAndForeign(await idsOf('batch_payments', KINGSTON), await idsOf('batch_payments', MONTEGO)),
        },
        ...(step === 'approve'
          ? {
              body: fc.record({
                account_type: fc.oneof(fc.constantFrom('LYNK', 'CBDC', 'BANK_ACCOUNT'), hostileText()),
                account_id: ownAndForeign([kingston.wallet, kingston.cbdc!].map(String), [
                  String(montego.wallet),
                ]).map(Number),
              }),
            }
          : {}),
      });
    },
    fuzzTimeout(),
  );
});

describe('the cash-up routes fuzzed from the contract', () => {
  /** The branch's cashiers' open shifts, as the cash-up page shows them to the admin. */
  async function openShifts() {
    const { headers } = await admin.headers();
    const answer = await t.app.inject({ url: '/api/payment/shifts/current', headers });
    return answer.json().result as Array<{ cashier_id: number; started_at: string }>;
  }

  async function userId(email: string) {
    const row = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it(
    'POST /api/payment/shifts/close',
    async () => {
      const shifts = await openShifts();
      const montegoCashier = await userId('cashier.montego@bluemountain.example');
      await fuzzWritingRoute(t, route('POST /api/payment/shifts/close'), admin, {
        body: fc.record(
          {
            cashier_id: fc.oneof(
              fc.constantFrom(...shifts.map((s) => s.cashier_id), montegoCashier),
              fc.constantFrom(...HOSTILE_NUMBERS),
            ),
            started_at: fc.oneof(fc.constantFrom(...shifts.map((s) => s.started_at)), hostileText()),
          },
          { requiredKeys: [] },
        ),
      });
    },
    fuzzTimeout(),
  );

  it(
    'POST /api/payment/shifts/{id}/reopen',
    async () => {
      const { headers } = await admin.headers();
      const [open] = await openShifts();
      const closed = await t.app.inject({
        method: 'POST',
        url: '/api/payment/shifts/close',
        headers: { ...headers, 'x-lynk-csrf': '1' },
        payload: { cashier_id: open!.cashier_id, started_at: open!.started_at },
      });
      const own = [String(closed.json().data?.id ?? '1')];
      await fuzzWritingRoute(t, route('POST /api/payment/shifts/{id}/reopen'), admin, {
        pathValues: { id: ownAndForeign(own, ['999999999']) },
        body: fc.record({ reason: fc.oneof(fc.constantFrom('Drawer short', ''), hostileText()) }),
      });
    },
    fuzzTimeout(),
  );
});
