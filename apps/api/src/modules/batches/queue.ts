import { CompiledQuery } from 'kysely';
import type { PgBoss } from 'pg-boss';
import type { Db } from '../../db/transaction.ts';
import { withRequestId } from '../../lib/job-log.ts';

/** Sends a batch's next job in the transaction that moved the batch. */
export type EnqueueBatchJob = (trx: Db, batchId: number) => Promise<void>;

/**
 * Queues a batch's job (its validation, its processing) through the transaction that stores or
 * approves it (pg-boss runs the insert on the connection it is given): the batch and its job commit
 * together or not at all, so no batch is left waiting with nobody to move it on. Without a queue
 * (tests, jobs off) nothing is sent. The job carries the id of the request that queued it, for
 * its log lines.
 */
export function batchQueue(boss: PgBoss | null, jobName: string, requestId: string): EnqueueBatchJob | null {
  if (!boss) return null;
  return async (trx: Db, batchId: number) => {
    await boss.send(jobName, withRequestId({ batchId }, requestId), {
      db: {
        executeSql: async (text: string, values?: unknown[]) => {
          const result = await trx.executeQuery(CompiledQuery.raw(text, values ?? []));
          return { rows: result.rows as unknown[] };
        },
      },
    });
  };
}
