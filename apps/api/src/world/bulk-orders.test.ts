import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_CHANNELS, ORDER_STATUSES } from '@lynk/contract/statuses';
import { expectSoundLedger } from '../test/ledger.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { bulkSeedOrders } from './bulk-orders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const count = async (query: ReturnType<typeof sql<{ n: string }>>) =>
  Number((await query.execute(t.database.db)).rows[0]!.n);

describe('bulk orders', () => {
  it('adds the orders asked for in chunks, with their payments and refunds in a ledger that verifies clean', async () => {
    const before = await count(sql`select count(*) as n from orders`);
    const refundsBefore = await count(sql`select count(*) as n from refunds`);
    const progress: number[] = [];
    await bulkSeedOrders(t.database.db, {
      orders: 5_000,
      chunk: 2_000,
      onProgress: (done) => progress.push(done),
    });
    expect(progress).toEqual([2_000, 4_000, 5_000]);
    expect(await count(sql`select count(*) as n from orders`)).toBe(before + 5_000);
    expect(await count(sql`select count(*) as n from refunds`)).toBeGreaterThan(refundsBefore);

    const statuses = await sql<{ status: string }>`select distinct status from orders`.execute(t.database.db);
    expect(statuses.rows.map((r) => r.status).sort()).toEqual([...ORDER_STATUSES].sort());
    const channels = await sql<{ channel: string }>`select distinct channel from orders`.execute(
      t.database.db,
    );
    expect(channels.rows.map((r) => r.channel).sort()).toEqual([...ORDER_CHANNELS].sort());
    // Every paid order's entry moved exactly its amount out of the customer's wallet.
    expect(
      await count(sql`
        select count(*) as n from orders o
        join postings p on p.entry_id = o.transfer_id and p.account_id = o.payer_account_id
        where p.amount <> -o.amount`),
    ).toBe(0);
    // Only the tills' orders carry a cashier's name, and each is its creator's.
    expect(
      await count(sql`
        select count(*) as n from orders o left join users u on u.id = o.created_by
        where o.cashier_name is not null and o.cashier_name is distinct from u.display_name`),
    ).toBe(0);
    await expectSoundLedger(t.database.db);
  });
});
