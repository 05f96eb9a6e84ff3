import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES } from '@lynk/contract/messages';
import { newKey } from '../../test/accounts.ts';
import { createBatchPayees } from '../../test/batch-world.ts';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';
import { validateBatch } from './jobs.ts';

let t: TestApp;
let manager: string;
const PAYEES = 5_000;

beforeAll(async () => {
  t = await createTestApp();
  manager = (await signIn(t.app, 'manager.kingston@bluemountain.example', DEMO_PASSWORD)).jar.header();
  await createBatchPayees(t.database.db, 'twice', PAYEES);
});
afterAll(async () => {
  await t.close();
});

async function validatedBatch(rows: string[]) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/payment/batch-payments',
    headers: {
      cookie: manager,
      'x-lynk-csrf': '1',
      'content-type': 'application/json',
      'idempotency-key': newKey(),
    },
    payload: JSON.stringify({
      merchant_id: 1001,
      name: 'Payroll',
      file_name: 'payroll.csv',
      csv: Buffer.from(['lynk_id,amount', ...rows].join('\n')).toString('base64'),
    }),
  });
  expect(response.statusCode).toBe(201);
  const id = response.json().data.id as number;
  return { id, status: await validateBatch(t.database.db, id, new Date()) };
}

describe('a large file naming each payee twice', () => {
  it("marks every repeat in one pass when the table's statistics were taken before the batch", async () => {
    // A production table's statistics describe the batches before a new one, here one large batch
    // (this test's own copy of the database, without the demo's): the new batch's id is past them,
    // and the planner expects one row of it.
    await sql`delete from batch_payees`.execute(t.database.db);
    const earlier = await validatedBatch(Array.from({ length: 4500 }, (_, i) => `@twice.${i + 1},1.00`));
    expect(earlier.status).toBe('VALIDATED');
    await sql`analyze batch_payees`.execute(t.database.db);

    // Row r and row r + 5,000 pay the same payee: 5,000 repeats in 10,000 rows.
    const rows = Array.from({ length: 2 * PAYEES }, (_, i) => `@twice.${(i % PAYEES) + 1},2.00`);
    const { id, status } = await validatedBatch(rows);
    expect(status).toBe('INVALID_PAYEE');
    const marked = await t.database.db
      .selectFrom('batch_payees')
      .select(['row_number', 'status', 'error'])
      .where('batch_id', '=', id)
      .where('status', '=', 'INVALID')
      .orderBy('row_number')
      .execute();
    expect(marked).toHaveLength(PAYEES);
    expect(marked[0]).toEqual({
      row_number: PAYEES + 1,
      status: 'INVALID',
      error: PRODUCT_MESSAGES.batchRowDuplicate(1),
    });
    expect(marked.at(-1)!.error).toBe(PRODUCT_MESSAGES.batchRowDuplicate(PAYEES));
    // A nested loop over the batch's rows took 40 s and more here; the timeout is the guard.
  }, 20_000);
});
