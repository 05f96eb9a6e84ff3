import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_CHANNELS, ORDER_STATUSES } from '@lynk/contract/statuses';
import { loadConfig } from '../config.ts';
import { verifyPassword } from '../modules/identity/passwords.ts';
import { orderFees } from '../modules/orders/fees.ts';
import { expectSoundLedger } from '../test/ledger.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_CONSUMERS, DEMO_CUSTOMER } from './demo-consumers.ts';
import { DEMO_BRANCHES, DEMO_PASSWORD, DEMO_USERS } from './demo-seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const BRANCH_IDS = [1001, 1002, 1003];
const distinct = async (merchantId: number, column: 'status' | 'channel') =>
  (
    await t.database.db
      .selectFrom('orders')
      .select(column)
      .distinct()
      .where('merchant_id', '=', merchantId)
      .execute()
  )
    .map((row) => row[column] as string)
    .sort();

describe('demo orders', () => {
  it('gives every branch a few hundred orders in every status and channel', async () => {
    for (const merchantId of BRANCH_IDS) {
      expect(await distinct(merchantId, 'status')).toEqual([...ORDER_STATUSES].sort());
      expect(await distinct(merchantId, 'channel')).toEqual([...ORDER_CHANNELS].sort());
      const { n } = await t.database.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('merchant_id', '=', merchantId)
        .executeTakeFirstOrThrow();
      expect(Number(n)).toBeGreaterThanOrEqual(200);
    }
  });

  it("names the branch's cashier on the orders they took, and no one on the others", async () => {
    for (const [i, branch] of DEMO_BRANCHES.entries()) {
      const cashier = DEMO_USERS.find((u) => u.email === `cashier.${branch.slug}@bluemountain.example`)!;
      const rows = await t.database.db
        .selectFrom('orders as o')
        .leftJoin('users as u', 'u.id', 'o.created_by')
        .select(['o.cashier_name', 'u.email'])
        .where('o.merchant_id', '=', BRANCH_IDS[i]!)
        .execute();
      const byCashier = rows.filter((row) => row.email === cashier.email);
      expect(byCashier.length).toBeGreaterThan(20);
      expect(byCashier.every((row) => row.cashier_name === cashier.displayName)).toBe(true);
      const byOthers = rows.filter((row) => row.email !== cashier.email);
      expect(byOthers.some((row) => row.email?.startsWith('manager.'))).toBe(true);
      expect(byOthers.some((row) => row.email === null)).toBe(true);
      expect(byOthers.every((row) => row.cashier_name === null)).toBe(true);
    }
  });

  it('charges the default commission and GCT, and records the payment of every paid order', async () => {
    const { feeSchedule } = loadConfig({}).orders;
    const orders = await t.database.db
      .selectFrom('orders')
      .select(['amount', 'fee', 'tax', 'status', 'transfer_id', 'payer_account_id', 'lynk_id'])
      .where('merchant_id', 'in', BRANCH_IDS)
      .execute();
    for (const order of orders) {
      const fees = orderFees(BigInt(order.amount), feeSchedule);
      expect([BigInt(order.fee), BigInt(order.tax)]).toEqual([fees.fee, fees.tax]);
      const paid = ['PAID', 'PENDING_REFUND', 'REFUNDED'].includes(order.status);
      expect(order.transfer_id !== null && order.payer_account_id !== null && order.lynk_id !== null).toBe(
        paid,
      );
    }
  });

  it("keeps each order's refunded amounts equal to its refunds, and refunded orders refunded in full", async () => {
    const { rows } = await sql<{ bad: string; partial: string; split: string }>`
      select
        count(*) filter (where o.refunded <> coalesce(r.amount, 0) or o.refunded_fee <> coalesce(r.fee, 0)
                           or o.refunded_tax <> coalesce(r.tax, 0)
                           or (o.status = 'REFUNDED') <> (o.refunded = o.amount)) as bad,
        count(*) filter (where o.status = 'PAID' and o.refunded > 0) as partial,
        count(*) filter (where o.status = 'REFUNDED' and r.n > 1) as split
      from orders o
      left join (select order_id, count(*) as n, sum(amount) as amount, sum(commission_refund) as fee,
                        sum(gct_refund) as tax from refunds group by order_id) r on r.order_id = o.id`.execute(
      t.database.db,
    );
    expect(Number(rows[0]!.bad)).toBe(0);
    expect(Number(rows[0]!.partial)).toBeGreaterThan(0);
    expect(Number(rows[0]!.split)).toBeGreaterThan(0);
  });

  it('leaves a few payment requests still payable', async () => {
    for (const merchantId of BRANCH_IDS) {
      const payable = await t.database.db
        .selectFrom('orders')
        .select('code')
        .where('merchant_id', '=', merchantId)
        .where('status', '=', 'RECEIVED')
        .where('expires_at', '>', new Date())
        .execute();
      expect(payable.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('creates the demo customers with J$ wallets and the demo password', async () => {
    const customers = await t.database.db
      .selectFrom('consumers as c')
      .innerJoin('accounts as a', 'a.id', 'c.wallet_account_id')
      .select(['c.handle', 'c.email', 'c.password_hash', 'a.balance', 'a.currency'])
      .where(
        'c.handle',
        'in',
        DEMO_CONSUMERS.map((c) => c.handle),
      )
      .execute();
    expect(customers).toHaveLength(DEMO_CONSUMERS.length);
    const jane = customers.find((c) => c.handle === DEMO_CUSTOMER.handle)!;
    expect(jane).toMatchObject({ email: 'customer@lynk.example', currency: 'JMD' });
    expect(await verifyPassword(DEMO_PASSWORD, jane.password_hash)).toBe(true);
    for (const customer of customers) expect(BigInt(customer.balance)).toBeGreaterThan(0n);
  });

  it('leaves a consistent ledger', async () => {
    await expectSoundLedger(t.database.db);
  });
});
