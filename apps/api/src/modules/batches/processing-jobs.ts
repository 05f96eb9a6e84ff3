import type { FastifyInstance } from 'fastify';
import type { PgBoss } from 'pg-boss';
import { jobLog, withRequestId } from '../../lib/job-log.ts';
import { findStalledBatches } from './processing-repository.ts';
import { PROCESS_BATCH_JOB, processBatch, type ProcessBatchJob } from './processing.ts';

/** Every minute: batches APPROVED or PROCESSING whose run went quiet are taken up again. */
const RESUME_BATCHES_JOB = 'batch-resume';
const RESUME_BATCHES_CRON = '* * * * *';
/** A run touches its batch after every chunk of payees; this long without means it was lost. */
const STALLED_AFTER_MS = 2 * 60_000;

/**
 * The processing's workers and its safety net (its queue is created by the plugin). An approval queues its batch's job in its own
 * transaction; a bank-funded batch waiting on the rail queues itself again a rail step later. A
 * job lost with a crashed process is taken up again at start (every batch still in flight) and by
 * the minute's sweep; two runs of one batch at once pay nobody twice (ADR 023).
 */
export async function startBatchProcessing(app: FastifyInstance, boss: PgBoss, railStepSeconds: number) {
  const resume = async (idleSince: Date) => {
    for (const batchId of await findStalledBatches(app.db, idleSince)) {
      await boss.send(PROCESS_BATCH_JOB, { batchId } satisfies ProcessBatchJob);
    }
  };
  await boss.work<ProcessBatchJob>(PROCESS_BATCH_JOB, async (jobs) => {
    for (const job of jobs) {
      const { batchId } = job.data;
      const result = await processBatch(
        { db: app.db, ledger: app.ledger, railStepSeconds, now: app.clock },
        batchId,
      );
      if (result === 'WAITING') {
        // The next attempt is still the approval's work: it keeps the approving request's id.
        await boss.send(PROCESS_BATCH_JOB, withRequestId({ batchId }, job.data.requestId), {
          startAfter: Math.max(railStepSeconds, 1),
        });
      }
      jobLog(app.log, job).info({ batchId, result }, 'batch processed');
    }
  });
  await boss.createQueue(RESUME_BATCHES_JOB);
  await boss.work(RESUME_BATCHES_JOB, () => resume(new Date(app.clock().getTime() - STALLED_AFTER_MS)));
  await boss.schedule(RESUME_BATCHES_JOB, RESUME_BATCHES_CRON);
  await resume(app.clock());
}
