import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKey } from '../../test/accounts.ts';
import { anotherServer, createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';

let t: TestApp;
beforeAll(async () => {
  // No queue: the upload's validation job is lost, as when the process died running it.
  t = await createTestApp({ jobs: false });
});
afterAll(async () => {
  await t.close();
});

describe('a batch whose validation died with the server', () => {
  it('is validated by the next server at its start', async () => {
    const { jar } = await signIn(t.app, 'manager.kingston@bluemountain.example', DEMO_PASSWORD);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/payment/batch-payments',
      headers: { cookie: jar.header(), 'x-lynk-csrf': '1', 'idempotency-key': newKey() },
      payload: {
        merchant_id: 1001,
        name: 'Validation cut short',
        csv: Buffer.from('lynk_id,amount\n@janedoe,1500.00\n').toString('base64'),
      },
    });
    expect(uploaded.statusCode).toBe(201);
    const id = uploaded.json().data.id as number;
    const status = async () =>
      (
        await t.database.db
          .selectFrom('batch_payments')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).status;
    expect(await status()).toBe('NEW');

    const restarted = await anotherServer(t, { jobs: true });
    try {
      await expect.poll(status, { timeout: 20_000, interval: 250 }).toBe('VALIDATED');
    } finally {
      await restarted.close();
    }
  });
});
