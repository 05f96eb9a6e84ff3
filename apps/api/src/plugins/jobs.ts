import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PgBoss } from 'pg-boss';
import { BANK_RAIL_QUEUE } from '../modules/account/transfers.ts';
import { PURGE_EXPIRED_CRON, PURGE_EXPIRED_JOB, purgeExpired } from '../modules/maintenance/jobs.ts';
import { advanceBankTransfer } from '../world/bank-rail.ts';

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
  await boss.work<{ transferId: string }>(BANK_RAIL_QUEUE, async (jobs) => {
    for (const job of jobs) {
      const status = await advanceBankTransfer(app.db, job.data.transferId);
      if (status === 'TRANSMITTED') {
        await boss.send(BANK_RAIL_QUEUE, job.data, { startAfter: opts.railStepSeconds });
      }
    }
  });
  app.decorate('boss', boss);
  app.addHook('onClose', async () => {
    await boss.stop({ graceful: true, timeout: 10_000 });
  });
});
