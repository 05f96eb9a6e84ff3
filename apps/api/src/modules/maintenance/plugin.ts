import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PURGE_EXPIRED_CRON, PURGE_EXPIRED_JOB, purgeExpired } from './jobs.ts';

/** The purge of expired state, when background jobs run (ADR 044: each module its own jobs). */
export const maintenancePlugin = fp(async function maintenance(app: FastifyInstance) {
  const { boss } = app;
  if (!boss) return;
  await boss.createQueue(PURGE_EXPIRED_JOB);
  if (!app.runsJobs) return;
  await boss.work(PURGE_EXPIRED_JOB, async () => {
    const purged = await purgeExpired(app.db, app.clock());
    app.log.info({ purged }, 'purged expired sessions and provider records');
  });
  await boss.schedule(PURGE_EXPIRED_JOB, PURGE_EXPIRED_CRON);
});
