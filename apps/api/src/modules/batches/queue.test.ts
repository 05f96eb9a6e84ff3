import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES } from '@lynk/contract/messages';
import { balanceOf, branchAccounts, newKey } from '../../test/accounts.ts';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: true, env: { BANK_RAIL_STEP_SECONDS: '0' } });
});
afterAll(async () => {
  await t.close();
});

/** The jobs run in the background: the batch is read until it has moved on. */
const statusBecomes = (cookie: string, id: number, status: string) =>
  expect
    .poll(
      async () =>
        (
          await t.app.inject({ method: 'GET', url: `/api/payment/batch-payments/${id}`, headers: { cookie } })
        ).json().data.status,
      { timeout: 20_000, interval: 250 },
    )
    .toBe(status);

/** Uploads a CSV file as Kingston's batch: its id. */
async function upload(cookie: string, name: string, csvText: string): Promise<number> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/payment/batch-payments',
    headers: { cookie, 'x-lynk-csrf': '1', 'idempotency-key': newKey() },
    payload: { merchant_id: 1001, name, csv: Buffer.from(csvText).toString('base64') },
  });
  expect(created.statusCode).toBe(201);
  return created.json().data.id as number;
}

describe('the batch queues', () => {
  it('validates an uploaded batch in the background, and pays it once an admin approves it', async () => {
    const { jar } = await signIn(t.app, 'manager.kingston@bluemountain.example', DEMO_PASSWORD);
    const cookie = jar.header();
    const id = await upload(cookie, 'Queued', 'lynk_id,amount\n@janedoe,1500.00\n@bmc.montego,20\n');
    await statusBecomes(cookie, id, 'VALIDATED');

    const requested = await t.app.inject({
      method: 'POST',
      url: `/api/payment/batch-payments/${id}/request`,
      headers: { cookie, 'x-lynk-csrf': '1' },
    });
    expect(requested.statusCode).toBe(200);

    // The approval queues the processing in its own transaction; the job pays both payees.
    const admin = (await signIn(t.app, 'admin.kingston@bluemountain.example', DEMO_PASSWORD)).jar.header();
    const wallet = (await branchAccounts(t, 1001)).wallet;
    const before = await balanceOf(t, wallet);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/payment/batch-payments/${id}/approve`,
      headers: { cookie: admin, 'x-lynk-csrf': '1' },
      payload: { account_type: 'LYNK', account_id: wallet },
    });
    expect(approved.statusCode).toBe(200);
    const total = BigInt(approved.json().data.total);
    await statusBecomes(cookie, id, 'COMPLETED');
    expect(await balanceOf(t, wallet)).toBe(before - total);
  });

  it('ends a batch whose file the parser refuses INVALID_PAYEE, instead of retrying it and leaving it NEW', async () => {
    const { jar } = await signIn(t.app, 'manager.kingston@bluemountain.example', DEMO_PASSWORD);
    const cookie = jar.header();
    const id = await upload(cookie, 'Formula', 'lynk_id,amount,name\n=cmd,100,=HYPERLINK("x","y")\n');
    await statusBecomes(cookie, id, 'INVALID_PAYEE');
    const batch = await t.app.inject({
      method: 'GET',
      url: `/api/payment/batch-payments/${id}`,
      headers: { cookie },
    });
    expect(batch.json().data.error).toBe(PRODUCT_MESSAGES.batchCsvQuotes(1));
  });
});
