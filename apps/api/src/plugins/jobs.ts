import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PgBoss } from 'pg-boss';
import { BANK_RAIL_QUEUE } from '../modules/account/transfer-status.ts';
import { PURGE_EXPIRED_CRON, PURGE_EXPIRED_JOB, purgeExpired } from '../modules/maintenance/jobs.ts';
import {
  advanceBankTransfer,
  BANK_RAIL_SWEEP_CRON,
  BANK_RAIL_SWEEP_JOB,
  sweepStuckTransfers,
} from '../world/bank-rail.ts';

declare module 'fastify' {
  interface FastifyInstance {
    boss: PgBoss | null;
  }
}

export interface JobsPluginOptions {
  databaseUrl: string | undefined;
  enabled: boolean;
  /** Seconds between the simulated bank rail's steps. */
  railStepSeconds: number;
}

/**
 * pg-boss runs in-process. On PostgreSQL it has its own pool; on the embedded database it shares
 * our single-connection pool, so a job never runs inside someone else's open transaction.
 */
export const jobsPlugin = fp(async function jobs(app: FastifyInstance, opts: JobsPluginOptions) {
  if (!opts.enabled) {
    app.decorate('boss', null);
    return;
  }
  const boss = opts.databaseUrl
    ? new PgBoss({ connectionString: opts.databaseUrl })
    : new PgBoss({
        db: { executeSql: (text: string, values?: unknown[]) => app.pool.query(text, values as unknown[]) },
        backend: 'pglite',
      });
  boss.on('error', (error) => app.log.error({ err: error }, 'job queue error'));
  await boss.start();
  await boss.createQueue(PURGE_EXPIRED_JOB);
  await boss.work(PURGE_EXPIRED_JOB, async () => {
    const purged = await purgeExpired(app.db);
    app.log.info({ purged }, 'purged expired sessions and provider records');
  });
  await boss.schedule(PURGE_EXPIRED_JOB, PURGE_EXPIRED_CRON);

  await boss.createQueue(BANK_RAIL_QUEUE, { retryLimit: 5, retryDelay: 5 });
  const rail = { boss, stepSeconds: opts.railStepSeconds };
  await boss.work<{ transferId: string }>(BANK_RAIL_QUEUE, async (jobs) => {
    // Each step queues the next one in its own transaction (see advanceBankTransfer).
    for (const job of jobs) await advanceBankTransfer(app.db, rail, job.data.transferId);
  });
  await boss.createQueue(BANK_RAIL_SWEEP_JOB);
  await boss.work(BANK_RAIL_SWEEP_JOB, async () => {
    const finished = await sweepStuckTransfers(app.db, opts.railStepSeconds);
    if (finished > 0)
      app.log.warn({ finished }, 'bank rail sweep finished transfers whose step job was lost');
  });
  await boss.schedule(BANK_RAIL_SWEEP_JOB, BANK_RAIL_SWEEP_CRON);
  app.decorate('boss', boss);
  app.addHook('onClose', async () => {
    await boss.stop({ graceful: true, timeout: 10_000 });
  });
});
