import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKey } from '../../test/accounts.ts';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: true, env: { BANK_RAIL_STEP_SECONDS: '0' } });
});
afterAll(async () => {
  await t.close();
});

describe('the validation queue', () => {
  it('validates an uploaded batch in the background, its job committed with the batch', async () => {
    const { jar } = await signIn(t.app, 'manager.kingston@bluemountain.example', DEMO_PASSWORD);
    const cookie = jar.header();
    const csv = Buffer.from('lynk_id,amount\n@janedoe,1500.00\n@bmc.montego,20\n').toString('base64');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/payment/batch-payments',
      headers: { cookie, 'x-lynk-csrf': '1', 'idempotency-key': newKey() },
      payload: { merchant_id: 1001, name: 'Queued', csv },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    await expect
      .poll(
        async () =>
          (
            await t.app.inject({
              method: 'GET',
              url: `/api/payment/batch-payments/${id}`,
              headers: { cookie },
            })
          ).json().data.status,
        { timeout: 20_000, interval: 250 },
      )
      .toBe('VALIDATED');
  });
});
