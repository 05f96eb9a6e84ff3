import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { PURGE_EXPIRED_CRON, PURGE_EXPIRED_JOB } from '../modules/maintenance/jobs.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: true });
});
afterAll(async () => {
  await t.close();
});

describe('background jobs on the embedded database', () => {
  it('starts pg-boss and schedules the expired-session purge', async () => {
    expect(t.app.boss).not.toBeNull();
    const schedules = await t.app.boss!.getSchedules();
    expect(schedules).toContainEqual(expect.objectContaining({ name: PURGE_EXPIRED_JOB, cron: PURGE_EXPIRED_CRON }));
  });

  it('runs a purge job sent to the queue', async () => {
    const id = await t.app.boss!.send(PURGE_EXPIRED_JOB, {});
    expect(id).toBeTruthy();
    await expect
      .poll(async () => (await t.app.boss!.getJobById(PURGE_EXPIRED_JOB, id!))?.state, { timeout: 20_000, interval: 250 })
      .toBe('completed');
  });
});
