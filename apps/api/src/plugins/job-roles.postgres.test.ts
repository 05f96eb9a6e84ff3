import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { PURGE_EXPIRED_JOB } from '../modules/maintenance/jobs.ts';
import { anotherServer, createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * ROLE on one PostgreSQL (ADR 045): a web instance queues jobs and never runs one, nor their
 * schedules; a worker runs what the web instances queued.
 */
let web: TestApp;
let worker: FastifyInstance | undefined;
beforeAll(async () => {
  web = await createTestApp({ jobs: true, env: { ROLE: 'web', BANK_RAIL_STEP_SECONDS: '0' } });
});
afterAll(async () => {
  await worker?.close();
  await web.close();
});

const stateOf = (id: string) => web.app.boss!.getJobById(PURGE_EXPIRED_JOB, id).then((job) => job?.state);

describe('the roles of a process', () => {
  it('a web instance queues a job but runs none, and schedules nothing; a worker runs it', async () => {
    expect(web.app.boss).not.toBeNull();
    expect(web.app.runsJobs).toBe(false);
    const id = (await web.app.boss!.send(PURGE_EXPIRED_JOB, {}))!;
    expect(id).toBeTruthy();
    // Longer than a worker's polling interval (2 s): a worker would have fetched it by now.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await stateOf(id)).toBe('created');
    expect(await web.app.boss!.getSchedules()).toEqual([]);

    worker = await anotherServer(web, { jobs: true, env: { ROLE: 'worker', BANK_RAIL_STEP_SECONDS: '0' } });
    expect(worker.runsJobs).toBe(true);
    await expect.poll(() => stateOf(id), { timeout: 20_000, interval: 250 }).toBe('completed');
    expect((await web.app.boss!.getSchedules()).map((s) => s.name)).toContain(PURGE_EXPIRED_JOB);
  }, 40_000);
});
