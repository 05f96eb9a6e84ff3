import { AppError } from '../../lib/app-error.ts';

export interface AccountBackoffOptions {
  /** Failures in a row an account may have before it is locked. */
  freeFailures: number;
  /** The first lock-out; each further failure doubles it. */
  firstLockMs: number;
  maxLockMs: number;
  /** Failures older than this are forgotten. */
  forgetAfterMs: number;
  /** Accounts remembered at most; the least recently failed are forgotten first. */
  maxEntries: number;
}

export const DEFAULT_ACCOUNT_BACKOFF: AccountBackoffOptions = {
  freeFailures: 5,
  firstLockMs: 60_000,
  maxLockMs: 60 * 60_000,
  forgetAfterMs: 24 * 60 * 60_000,
  maxEntries: 10_000,
};

interface Failures {
  count: number;
  lastAt: number;
  lockedUntil: number;
}

/**
 * Failed sign-ins per account (by email, known or not, so the answer reveals nothing), whatever
 * address they come from: after `freeFailures` in a row the account is locked for a minute, then
 * two, four… up to an hour. A correct password after the lock-out clears the count.
 */
export function createAccountBackoff(options: AccountBackoffOptions = DEFAULT_ACCOUNT_BACKOFF) {
  const failures = new Map<string, Failures>();
  const keyOf = (email: string) => email.trim().toLowerCase();

  function current(key: string, now: number): Failures | undefined {
    const entry = failures.get(key);
    if (entry && now - entry.lastAt > options.forgetAfterMs && now >= entry.lockedUntil) {
      failures.delete(key);
      return undefined;
    }
    return entry;
  }

  return {
    /** Milliseconds until the account may try again; 0 when it may now. */
    lockedFor(email: string, now = Date.now()): number {
      const entry = current(keyOf(email), now);
      return entry ? Math.max(0, entry.lockedUntil - now) : 0;
    },

    failed(email: string, now = Date.now()) {
      const key = keyOf(email);
      const entry = current(key, now) ?? { count: 0, lastAt: now, lockedUntil: 0 };
      entry.count += 1;
      entry.lastAt = now;
      const over = entry.count - options.freeFailures;
      if (over >= 0) {
        entry.lockedUntil = now + Math.min(options.firstLockMs * 2 ** over, options.maxLockMs);
      }
      // Re-inserted so the map's order is least recently failed first.
      failures.delete(key);
      failures.set(key, entry);
      if (failures.size > options.maxEntries) failures.delete(failures.keys().next().value!);
    },

    succeeded(email: string) {
      failures.delete(keyOf(email));
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

export const DEFAULT_HASH_QUEUE: HashQueueOptions = { concurrency: 2, maxWaiting: 16, maxWaitMs: 5_000 };

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
