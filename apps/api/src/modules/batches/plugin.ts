import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jobLog } from '../../lib/job-log.ts';
import { batchesToValidate, VALIDATE_BATCH_JOB, validateBatch, type ValidateBatchJob } from './jobs.ts';
import { startBatchProcessing } from './processing-jobs.ts';
import { PROCESS_BATCH_JOB } from './processing.ts';
import { batchRoutes } from './routes.ts';
import type { BatchSettings } from './service.ts';

/**
 * Batch payments under /api/payment and, when background jobs run, their validation and
 * processing, with the batches left waiting by the last run taken up again at start (ADR 022,
 * 023, 044).
 */
export const batchesPlugin = fp(async function batches(
  app: FastifyInstance,
  opts: { settings: BatchSettings; railStepSeconds: number },
) {
  await app.register(batchRoutes, { prefix: '/api/payment', settings: opts.settings });
  const { boss } = app;
  if (!boss) return;
  // The queues a web instance's approvals and uploads send to exist before any worker starts.
  await boss.createQueue(VALIDATE_BATCH_JOB);
  await boss.createQueue(PROCESS_BATCH_JOB);
  if (!app.runsJobs) return;
  await boss.work<ValidateBatchJob>(VALIDATE_BATCH_JOB, async (jobs) => {
    for (const job of jobs) {
      const status = await validateBatch(app.db, job.data.batchId, app.clock());
      jobLog(app.log, job).info({ batchId: job.data.batchId, status }, 'batch validated');
    }
  });
  for (const batchId of await batchesToValidate(app.db)) {
    await boss.send(VALIDATE_BATCH_JOB, { batchId } satisfies ValidateBatchJob);
  }
  await startBatchProcessing(app, boss, opts.railStepSeconds);
});
