import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { deleteExpiredIdempotencyKeys } from '../ledger/index.ts';
import { purgeExpiredConsumerSessions } from '../consumer-auth/index.ts';
import { DEFAULT_ACCOUNT_BACKOFF, purgeExpiredProviderRecords } from '../identity/index.ts';
import { purgeExpiredLimits } from '../limits/index.ts';
import { purgeExpiredExports } from '../reporting/index.ts';
import { purgeExpiredSessions } from '../session/index.ts';

export const PURGE_EXPIRED_JOB = 'maintenance-purge-expired';
/** Every 15 minutes: idle sessions die after 15 minutes, so that is how stale the table may get. */
export const PURGE_EXPIRED_CRON = '*/15 * * * *';

/**
 * Deletes state nobody can use any more: expired staff and customer sessions, provider records and
 * idempotency keys, rate-limit windows that are over and sign-in failures forgotten, and "Export
 * all" files past their 7 days.
 */
export async function purgeExpired(db: Kysely<Database>, now: Date) {
  const sessions = await purgeExpiredSessions(db, now);
  const providerRecords = await purgeExpiredProviderRecords(db, now);
  const idempotencyKeys = await deleteExpiredIdempotencyKeys(db, now);
  const consumerSessions = await purgeExpiredConsumerSessions(db, now);
  const limits = await purgeExpiredLimits(db, now, DEFAULT_ACCOUNT_BACKOFF.forgetAfterMs);
  const exports = await purgeExpiredExports(db, now);
  return { sessions, providerRecords, idempotencyKeys, consumerSessions, limits, exports };
}
