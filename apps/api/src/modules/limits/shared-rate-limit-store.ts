import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { addToCounter } from './repository.ts';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

/** What this process holds of one key's shared budget in the current window. */
interface Allowance {
  /** When the shared window ends, on this process's monotonic timer (`performance.now`). */
  endsAt: number;
  /** Requests taken from the shared counter for this process and not spent yet. */
  left: number;
  /** The shared count after this process's last take. */
  counted: number;
  /** Whether the shared budget had nothing more to give in this window. */
  spent: boolean;
  /** The take from the database under way, which the key's other requests wait for. */
  taking: Promise<void> | undefined;
}

/**
 * A budget of at most this share is taken at once (ADR 042): one round trip per twentieth of the
 * budget instead of one per request, and at most this much of it left unused per instance. Budgets
 * under forty (the sign-in limits) are counted one request at a time.
 */
const TAKEN_AT_ONCE = 1 / 20;

/** Keys remembered at most; a key forgotten costs one more round trip, never a bigger budget. */
const MAX_KEYS = 50_000;

export function blockOf(max: number): number {
  return Math.max(1, Math.floor(max * TAKEN_AT_ONCE));
}

/**
 * An `@fastify/rate-limit` store whose counters live in the database, so that every instance of
 * the API draws on one budget per key. Each process takes requests from the shared counter in
 * blocks and spends them locally until the block is gone: the shared count never passes the
 * budget, and a key over it is refused here, without a round trip, until the window ends.
 */
export function sharedRateLimitStore(db: Kysely<Database>): FastifyRateLimitStoreCtor {
  return class SharedRateLimitStore implements FastifyRateLimitStore {
    private readonly allowances = new Map<string, Allowance>();

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      const now = performance.now();
      let allowance = this.allowances.get(key);
      if (allowance && !allowance.taking && allowance.endsAt <= now) {
        this.allowances.delete(key);
        allowance = undefined;
      }
      if (allowance && !allowance.taking) {
        const ttl = allowance.endsAt - now;
        if (allowance.left > 0) {
          allowance.left -= 1;
          callback(null, { current: Math.min(allowance.counted - allowance.left, max), ttl });
          return;
        }
        if (allowance.spent) {
          callback(null, { current: max + 1, ttl });
          return;
        }
      }
      this.take(key, allowance, timeWindow, max).then(
        () => this.incr(key, callback, timeWindow, max),
        (error: Error) => callback(error),
      );
    }

    child(): FastifyRateLimitStore {
      return new SharedRateLimitStore();
    }

    private take(key: string, known: Allowance | undefined, timeWindow: number, max: number) {
      if (known?.taking) return known.taking;
      const allowance: Allowance = known ?? {
        endsAt: 0,
        left: 0,
        counted: 0,
        spent: false,
        taking: undefined,
      };
      if (!known) {
        if (this.allowances.size >= MAX_KEYS) this.allowances.delete(this.allowances.keys().next().value!);
        this.allowances.set(key, allowance);
      }
      const want = blockOf(max);
      allowance.taking = addToCounter(db, key, want, timeWindow).then(
        ({ hits, ttlMs }) => {
          const before = hits - want;
          allowance.left = Math.max(0, Math.min(want, max - before));
          allowance.counted = Math.min(hits, max);
          allowance.spent = hits >= max;
          allowance.endsAt = performance.now() + ttlMs;
          allowance.taking = undefined;
        },
        (error: unknown) => {
          this.allowances.delete(key);
          throw error;
        },
      );
      return allowance.taking;
    }
  };
}
