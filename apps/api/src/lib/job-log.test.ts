import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKey } from '../test/accounts.ts';
import { createTestApp, signIn, type TestApp } from '../test/test-app.ts';
import { cookieOf, newStaff, staffCalls } from '../test/staff.ts';
import { DEMO_PASSWORD } from '../world/demo-seed.ts';

/** A job queued by a request logs that request's id, so one search finds both. */

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({
    jobs: true,
    env: { BANK_RAIL_STEP_SECONDS: '0' },
    logStream: { write: (line) => void lines.push(line) },
  });
});
afterAll(async () => {
  await t.close();
});

interface Line {
  msg?: string;
  requestId?: string;
  jobId?: string;
}

/** The job's line with this message, once its handler has written it. */
async function jobLine(msg: string, requestId: string): Promise<Line> {
  let found: Line | undefined;
  await expect
    .poll(
      () => {
        found = lines
          .map((line) => JSON.parse(line) as Line)
          .find((line) => line.msg === msg && line.requestId === requestId);
        return found;
      },
      { timeout: 20_000, interval: 100 },
    )
    .toBeDefined();
  return found!;
}

describe('jobs started by a request', () => {
  it('the staff email job logs the id of the request that added the member, and its own id', async () => {
    const admin = await cookieOf(t, 'admin.montego');
    const created = await staffCalls(t).post(
      newStaff('traced.cashier@example.com', 3, { merchant_id: 1002 }),
      admin,
    );
    expect(created.statusCode).toBe(201);
    const requestId = String(created.headers['x-request-id']);
    const line = await jobLine('staff email delivery', requestId);
    expect(line.jobId).toMatch(/^[0-9a-f-]{36}$/);
    // The request's own line carries the same id under the same key.
    expect(lines.some((l) => l.includes('"msg":"request completed"') && l.includes(requestId))).toBe(true);
  });

  it('a batch’s validation logs the id of the upload, a client’s own id included', async () => {
    const { jar } = await signIn(t.app, 'manager.kingston@bluemountain.example', DEMO_PASSWORD);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/payment/batch-payments',
      headers: {
        cookie: jar.header(),
        'x-lynk-csrf': '1',
        'idempotency-key': newKey(),
        'x-request-id': 'upload-trace-42',
      },
      payload: {
        merchant_id: 1001,
        name: 'Traced',
        csv: Buffer.from('lynk_id,amount\n@janedoe,15.00\n').toString('base64'),
      },
    });
    expect(uploaded.statusCode).toBe(201);
    expect(uploaded.headers['x-request-id']).toBe('upload-trace-42');
    const line = await jobLine('batch validated', 'upload-trace-42');
    expect(line.jobId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
