import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { cookieOf, newStaff, staffCalls } from '../../test/staff.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: true, env: { BANK_RAIL_STEP_SECONDS: '0' } });
});
afterAll(async () => {
  await t.close();
});

describe('the staff mail job', () => {
  it('delivers a new member’s activation email to the development mail viewer', async () => {
    const call = staffCalls(t);
    const admin = await cookieOf(t, 'admin.montego');
    const created = await call.post(newStaff('queued.cashier@example.com', 3, { merchant_id: 1002 }), admin);
    expect(created.statusCode).toBe(201);
    await expect
      .poll(async () => (await t.app.inject({ url: '/dev/mail' })).body, { timeout: 20_000, interval: 250 })
      .toContain('queued.cashier@example.com');
    const outbox = await t.database.db
      .selectFrom('mail_outbox')
      .select(['status', 'delivered_at'])
      .where('to_address', '=', 'queued.cashier@example.com')
      .executeTakeFirstOrThrow();
    expect(outbox.status).toBe('KEPT');
    expect(outbox.delivered_at).toBeInstanceOf(Date);
  });

  it('the mail viewer does not exist outside the demo', async () => {
    const production = await createTestApp({ env: { DEMO: 'false' } });
    try {
      const response = await production.app.inject({ url: '/dev/mail' });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Development mail viewer');
    } finally {
      await production.close();
    }
  });
});
