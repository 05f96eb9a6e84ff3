import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PgBoss } from 'pg-boss';
import {
  batchesToValidate,
  VALIDATE_BATCH_JOB,
  validateBatch,
  type ValidateBatchJob,
} from '../modules/batches/jobs.ts';
import { startBatchProcessing } from '../modules/batches/processing-jobs.ts';
import { verifyLedger } from '../modules/ledger/service.ts';
import { PURGE_EXPIRED_CRON, PURGE_EXPIRED_JOB, purgeExpired } from '../modules/maintenance/jobs.ts';
import { EXPIRE_ORDERS_CRON, EXPIRE_ORDERS_JOB, expireUnpaidOrders } from '../modules/orders/jobs.ts';
import { startStaffMail } from '../modules/staff/jobs.ts';
import type { Mailer } from '../modules/staff/mailer.ts';
import { startBankRail } from '../world/bank-rail.ts';

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
  /** Staff activation emails: where they go, and the address their links start with. */
  mail: { mailer: Mailer | null; publicUrl: string };
}

export const VERIFY_LEDGER_JOB = 'ledger-verify';
/** Every hour: what the dropped foreign keys and per-row checks caught is looked for here (ADR 020). */
export const VERIFY_LEDGER_CRON = '23 * * * *';

/**
 * pg-boss runs in-process. On PostgreSQL it has its own pool; on the embedded database it shares
 * our single-connection pool, so a job never runs inside someone else's open transaction. The
 * simulated bank rail runs beside it, on a clock of its own.
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
    const purged = await purgeExpired(app.db, app.clock());
    app.log.info({ purged }, 'purged expired sessions and provider records');
  });
  await boss.schedule(PURGE_EXPIRED_JOB, PURGE_EXPIRED_CRON);

  await boss.createQueue(VERIFY_LEDGER_JOB);
  await boss.work(VERIFY_LEDGER_JOB, async () => {
    const verification = await verifyLedger(app.db);
    const summary = { violations: verification.violations };
    if (verification.ok) app.log.info(summary, 'ledger verified');
    else app.log.error(summary, 'ledger verification FAILED');
  });
  await boss.schedule(VERIFY_LEDGER_JOB, VERIFY_LEDGER_CRON);

  await boss.createQueue(EXPIRE_ORDERS_JOB);
  await boss.work(EXPIRE_ORDERS_JOB, async () => {
    const expired = await expireUnpaidOrders(app.db, app.clock());
    if (expired > 0) app.log.info({ expired }, 'expired unpaid payment requests');
  });
  await boss.schedule(EXPIRE_ORDERS_JOB, EXPIRE_ORDERS_CRON);

  await boss.createQueue(VALIDATE_BATCH_JOB);
  await boss.work<ValidateBatchJob>(VALIDATE_BATCH_JOB, async (jobs) => {
    for (const job of jobs) {
      const status = await validateBatch(app.db, job.data.batchId, app.clock());
      app.log.info({ batchId: job.data.batchId, status }, 'batch validated');
    }
  });
  for (const batchId of await batchesToValidate(app.db)) {
    await boss.send(VALIDATE_BATCH_JOB, { batchId } satisfies ValidateBatchJob);
  }

  await startBatchProcessing(app, boss, opts.railStepSeconds);
  await startStaffMail(app, boss, opts.mail);

  const rail = startBankRail(app.db, app.ledger, opts.railStepSeconds, app.clock, (error) =>
    app.log.error({ err: error }, 'bank rail run failed'),
  );
  app.decorate('boss', boss);
  app.addHook('onClose', async () => {
    await rail.stop();
    await boss.stop({ graceful: true, timeout: 10_000 });
  });
});
