import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { countFailure, forgetFailures, lockedUntil } from '../limits/index.ts';

export interface AccountBackoffOptions {
  /** Failures in a row an account may have before it is locked. */
  freeFailures: number;
  /** The first lock-out; each further failure doubles it. */
  firstLockMs: number;
  maxLockMs: number;
  /** Failures older than this are forgotten (and swept by the maintenance job). */
  forgetAfterMs: number;
}

export const DEFAULT_ACCOUNT_BACKOFF: AccountBackoffOptions = {
  freeFailures: 5,
  firstLockMs: 60_000,
  maxLockMs: 60 * 60_000,
  forgetAfterMs: 24 * 60 * 60_000,
};

/** Whose failures are counted: staff passwords, customers' passwords, and second-factor codes. */
export type BackoffScope = 'staff' | 'consumer' | 'second-factor';

/**
 * Failed sign-ins per account (by email, known or not, so the answer reveals nothing), whatever
 * address they come from: after `freeFailures` in a row the account is locked for a minute, then
 * two, four… up to an hour. A correct password after the lock-out clears the count. The counts
 * live in the database (ADR 042), so a lock-out holds on every instance of the API.
 */
export function createAccountBackoff(
  db: Kysely<Database>,
  scope: BackoffScope,
  options: AccountBackoffOptions = DEFAULT_ACCOUNT_BACKOFF,
) {
  const keyOf = (account: string) => `${scope}:${account.trim().toLowerCase()}`;

  return {
    /** Milliseconds until the account may try again at `now` (the app's clock); 0 when it may. */
    async lockedFor(account: string, now: number): Promise<number> {
      const until = await lockedUntil(db, keyOf(account), new Date(now));
      return until ? Math.max(0, until.getTime() - now) : 0;
    },

    async failed(account: string, now: number): Promise<void> {
      await countFailure(db, keyOf(account), new Date(now), options);
    },

    async succeeded(account: string): Promise<void> {
      await forgetFailures(db, keyOf(account));
    },
  };
}

export type AccountBackoff = ReturnType<typeof createAccountBackoff>;

export interface HashQueueOptions {
  /** Password hashes computed at once (each scrypt takes ~128 MiB and a thread-pool thread). */
  concurrency: number;
  /** Sign-ins that may wait for a slot; more are refused at once. */
  maxWaiting: number;
  /** How long one may wait before it is refused. */
  maxWaitMs: number;
}

const DEFAULT_HASH_QUEUE: HashQueueOptions = { concurrency: 2, maxWaiting: 16, maxWaitMs: 5_000 };

const busy = () =>
  new AppError('SIGN_IN_BUSY', 503, 'Signing in is busy right now. Please try again in a few seconds.');

/**
 * Bounds the CPU and memory anonymous callers can make the server spend on password hashes:
 * a few run at a time, a bounded number wait a bounded time, the rest are answered 503 at once.
 */
export function createHashQueue(options: HashQueueOptions = DEFAULT_HASH_QUEUE) {
  let running = 0;
  const waiting: Array<() => void> = [];

  function release() {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }

  async function slot(): Promise<void> {
    if (running < options.concurrency) {
      running += 1;
      return;
    }
    if (waiting.length >= options.maxWaiting) throw busy();
    await new Promise<void>((resolve, reject) => {
      const take = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(take), 1);
        reject(busy());
      }, options.maxWaitMs);
      waiting.push(take);
    });
  }

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      await slot();
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}

export type HashQueue = ReturnType<typeof createHashQueue>;
