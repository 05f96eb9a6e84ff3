import { CompiledQuery } from 'kysely';
import type { PgBoss } from 'pg-boss';
import type { Db } from '../../db/transaction.ts';
import { VALIDATE_BATCH_JOB, type ValidateBatchJob } from './jobs.ts';
import type { EnqueueValidation } from './service.ts';

/**
 * Queues a batch's validation through the transaction that stores it (pg-boss runs the insert on
 * the connection it is given): the batch and its job commit together or not at all, so no batch
 * is left NEW with nobody to check it. Without a queue (tests, jobs off) nothing is sent.
 */
export function validationQueue(boss: PgBoss | null): EnqueueValidation | null {
  if (!boss) return null;
  return async (trx: Db, batchId: number) => {
    const job: ValidateBatchJob = { batchId };
    await boss.send(VALIDATE_BATCH_JOB, job, {
      db: {
        executeSql: async (text: string, values?: unknown[]) => {
          const result = await trx.executeQuery(CompiledQuery.raw(text, values ?? []));
          return { rows: result.rows as unknown[] };
        },
      },
    });
  };
}
