import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherServer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { STAFF_MAIL_JOB } from './jobs.ts';
import { cookieOf, newStaff, staffCalls } from '../../test/staff.ts';

let t: TestApp;
beforeAll(async () => {
  // No queue in this app: the test puts the message's job in the queue itself.
  t = await createTestApp({ jobs: false });
});
afterAll(async () => {
  await t.close();
});

describe('a server starting with activation emails still waiting', () => {
  it('queues no second job for a message whose job is still in the queue', async () => {
    const created = await staffCalls(t).post(
      newStaff('waiting.cashier@example.com', 3, { merchant_id: 1002 }),
      await cookieOf(t, 'admin.montego'),
    );
    expect(created.statusCode).toBe(201);
    const { id } = await t.database.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('to_address', '=', 'waiting.cashier@example.com')
      .executeTakeFirstOrThrow();
    // The job the registration queued, not taken up yet when the server stopped.
    const queue = new PgBoss({
      db: {
        executeSql: (text: string, values?: unknown[]) => t.database.pool.query(text, values as unknown[]),
      },
      backend: 'pglite',
    });
    await queue.start();
    await queue.createQueue(STAFF_MAIL_JOB);
    await queue.send(STAFF_MAIL_JOB, { outboxId: id });
    await queue.stop({ graceful: true });

    const restarted = await anotherServer(t, { jobs: true });
    try {
      await expect
        .poll(async () => (await restarted.inject({ url: '/dev/mail' })).body, {
          timeout: 20_000,
          interval: 250,
        })
        .toContain('waiting.cashier@example.com');
      const jobs = await restarted.boss!.findJobs(STAFF_MAIL_JOB, { data: { outboxId: id } });
      expect(jobs).toHaveLength(1);
    } finally {
      await restarted.close();
    }
  });
});
