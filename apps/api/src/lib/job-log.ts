import type { FastifyBaseLogger } from 'fastify';
import { REQUEST_ID_LOG_KEY } from './request-logging.ts';

/**
 * What a job started by a request carries besides its own data: the request's id (`x-request-id`),
 * so that the job's log lines can be found from the request's and the other way round. Jobs
 * queued by the server itself (a schedule, a resume at start) have none.
 */
export interface StartedByRequest {
  requestId?: string | undefined;
}

/** A job's data with the id of the request that queued it, when there is one. */
export function withRequestId<T extends object>(
  data: T,
  requestId: string | undefined,
): T & StartedByRequest {
  return requestId === undefined ? data : { ...data, requestId };
}

/** The logger of a job's handler: its lines carry the job's id and the request's that queued it. */
export function jobLog(
  log: FastifyBaseLogger,
  job: { id: string; data: StartedByRequest },
): FastifyBaseLogger {
  const { requestId } = job.data;
  return log.child(
    requestId === undefined ? { jobId: job.id } : { jobId: job.id, [REQUEST_ID_LOG_KEY]: requestId },
  );
}
