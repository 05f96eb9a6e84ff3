import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKey } from '../../test/accounts.ts';
import { anotherServer, createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';

let t: TestApp;
beforeAll(async () => {
  // No jobs: the link's time passes while no worker runs, as through an outage.
  t = await createTestApp({ jobs: false });
});
afterAll(async () => {
  await t.close();
});

describe('a payment request whose time passed while no worker ran', () => {
  it('is recorded EXPIRED by the next worker as it starts, before the minute’s run', async () => {
    const { jar } = await signIn(t.app, 'manager.kingston@bluemountain.example', DEMO_PASSWORD);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/payment/customer-transactions',
      headers: { cookie: jar.header(), 'x-lynk-csrf': '1', 'idempotency-key': newKey() },
      payload: { amount_to_pay: 2_500, description: 'Lapsed in an outage' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.m_order_id as string;
    await t.database.db
      .updateTable('orders')
      .set({ expires_at: new Date(Date.now() - 60_000) } as never)
      .where('id', '=', id)
      .execute();
    const status = async () =>
      (
        await t.database.db
          .selectFrom('orders')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).status;
    expect(await status()).toBe('RECEIVED');

    const worker = await anotherServer(t, { jobs: true });
    try {
      // Ready means started: nothing is left to the minute's schedule.
      expect(await status()).toBe('EXPIRED');
    } finally {
      await worker.close();
    }
  });
});
