import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  clearFailures,
  deleteExpiredLimits,
  findLockedUntil,
  recordFailure,
  type FailureRules,
} from './repository.ts';

export type { FailureRules };

/** Counts one more failure of a key (atomically, whichever instance); answers its lock-out's end. */
export function countFailure(db: Kysely<Database>, key: string, at: Date, rules: FailureRules) {
  return recordFailure(db, key, at, rules);
}

/** When a key's lock-out ends, if it is locked at `at`. */
export function lockedUntil(db: Kysely<Database>, key: string, at: Date) {
  return findLockedUntil(db, key, at);
}

export function forgetFailures(db: Kysely<Database>, key: string) {
  return clearFailures(db, key);
}

/** Rate-limit windows that are over, and failures older than `forgetAfterMs` and out of any lock-out. */
export function purgeExpiredLimits(db: Kysely<Database>, now: Date, forgetAfterMs: number): Promise<number> {
  return deleteExpiredLimits(db, now, forgetAfterMs);
}
