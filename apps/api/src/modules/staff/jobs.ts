import { CompiledQuery } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { Db } from '../../db/transaction.ts';
import { jobLog, type StartedByRequest, withRequestId } from '../../lib/job-log.ts';
import { findPendingMail } from './activation-repository.ts';
import { deliverActivationMail, MAX_MAIL_ATTEMPTS } from './activation.ts';
import type { Mailer } from './mailer.ts';

/** The queue of staff emails to deliver: one job per outbox message. */
export const STAFF_MAIL_JOB = 'staff-mail';
export interface StaffMailJob extends StartedByRequest {
  outboxId: string;
}

/**
 * Queues a message's delivery through the transaction that stored it (pg-boss runs its insert on
 * the connection it is given): the new staff member and their email commit together or not at
 * all. Without a queue (tests, jobs off) nothing is sent. The job carries the id of the request
 * that queued it, for its log lines.
 */
export function staffMailQueue(boss: PgBoss | null, requestId: string) {
  if (!boss) return null;
  return async (trx: Db, outboxId: string) => {
    await boss.send(STAFF_MAIL_JOB, withRequestId<StaffMailJob>({ outboxId }, requestId), {
      db: {
        executeSql: async (text: string, values?: unknown[]) => {
          const result = await trx.executeQuery(CompiledQuery.raw(text, values ?? []));
          return { rows: result.rows as unknown[] };
        },
      },
    });
  };
}

/** The queue of staff emails, made by every process that may queue one (web instances too). */
export async function createStaffMailQueue(boss: PgBoss) {
  await boss.createQueue(STAFF_MAIL_JOB, {
    retryLimit: MAX_MAIL_ATTEMPTS - 1,
    retryDelay: 30,
    retryBackoff: true,
  });
}

/**
 * Delivers staff emails. A failed delivery is retried with a growing delay; messages still
 * waiting at start (a server without SMTP before, or a crash) are queued again.
 */
export async function startStaffMail(
  app: FastifyInstance,
  boss: PgBoss,
  deps: { mailer: Mailer | null; publicUrl: string },
) {
  if (!deps.mailer) app.log.warn('SMTP_URL is not set: staff activation emails wait in the outbox');
  if (deps.mailer) {
    for (const outboxId of await findPendingMail(app.db)) {
      // A message whose job still waits in the queue needs no other (looked at before this
      // server's worker takes any): a job per start piled up through a run of crashes, and the
      // mail came minutes late, the queue taking one job per poll. A job that died with a process
      // stays active until it expires: its message is queued again.
      const queued = await boss.findJobs(STAFF_MAIL_JOB, { data: { outboxId }, queued: true, limit: 1 });
      if (queued.length === 0) await boss.send(STAFF_MAIL_JOB, { outboxId } satisfies StaffMailJob);
    }
  }
  await boss.work<StaffMailJob>(STAFF_MAIL_JOB, async (jobs) => {
    for (const job of jobs) {
      const outcome = await deliverActivationMail(app.db, job.data.outboxId, { ...deps, now: app.clock() });
      jobLog(app.log, job).info({ outboxId: job.data.outboxId, outcome }, 'staff email delivery');
    }
  });
}
