import type { Db } from '../../db/transaction.ts';
import { newestNotificationId, notificationsAfter } from './repository.ts';

/** A notification as the feed announces it: whose it is and its code (for the permission filter). */
export interface FeedItem {
  id: number;
  merchantId: number;
  code: string;
}

export interface NotificationFeed {
  /** Calls `listener` with each notification committed from now on; answers the unsubscribe. */
  subscribe(listener: (item: FeedItem) => void): () => void;
  /**
   * Resolves once the feed holds its starting point for the listeners it has: every notification
   * committed after that reaches them. The first listener's starting point is read at once.
   */
  started(): Promise<void>;
  /** Stops reading; no listener is called after it resolves. */
  close(): Promise<void>;
}

/** Where the feed reads rows from (the notifications table; tests give their own). */
export interface FeedSource {
  newestId(): Promise<string>;
  after(afterId: string, limit: number): Promise<{ id: string; merchant_id: number; code: string }[]>;
}

export function tableSource(db: Db): FeedSource {
  return {
    newestId: () => newestNotificationId(db),
    after: (afterId, limit) => notificationsAfter(db, afterId, limit),
  };
}

export interface FeedOptions {
  /** How often the table is read while someone listens. */
  intervalMs?: number;
  /** How long a missing id is waited for before the feed moves past it. */
  gapGraceMs?: number;
  /** Rows read per round at most. */
  batchSize?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

/**
 * Tails the notifications table by id (docs/decisions/027): whoever wrote a row (the ledger
 * function, a batch transition, a job in another process) the feed sees it once it is committed.
 *
 * Ids are handed out when a row is inserted, not when its transaction commits, so a lower id can
 * become visible after a higher one. The feed therefore keeps a floor (every id at or below it
 * was announced or given up on) and the ids above it already announced; a missing id is waited
 * for `gapGraceMs` (a rolled-back insert leaves a hole for ever) and then skipped. A notification
 * skipped so is still found by the portal's two-minute polling.
 */
export function createNotificationFeed(source: FeedSource, options: FeedOptions = {}): NotificationFeed {
  const intervalMs = options.intervalMs ?? 250;
  const gapGraceMs = options.gapGraceMs ?? 5_000;
  const batchSize = options.batchSize ?? 500;
  const now = options.now ?? (() => performance.now());
  const listeners = new Set<(item: FeedItem) => void>();
  let floor: bigint | null = null;
  const announced = new Set<bigint>();
  let gapSince: number | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let closed = false;
  // The starting point of the current listeners; a new one once all of them have left.
  let starting: Promise<void> | null = null;
  let startedSignal = startSignal();
  let generation = 0;

  /** Reads the newest id as the floor, once per generation of listeners (again after a failure). */
  function start(): Promise<void> {
    if (!starting) {
      const at = generation;
      starting = source.newestId().then(
        (id) => {
          if (at !== generation) return;
          floor ??= BigInt(id);
          startedSignal.resolve();
        },
        (error: unknown) => {
          if (at === generation) starting = null;
          throw error;
        },
      );
    }
    return starting;
  }

  function advanceFloor(at: number) {
    if (floor === null) return;
    for (const id of announced) if (id <= floor) announced.delete(id);
    while (floor !== null && announced.size > 0) {
      const next: bigint = floor + 1n;
      if (announced.delete(next)) {
        floor = next;
        gapSince = null;
        continue;
      }
      gapSince ??= at;
      if (at - gapSince < gapGraceMs) return;
      // Waited long enough: past the hole, up to the lowest id announced since.
      floor = [...announced].reduce((low, id) => (id < low ? id : low)) - 1n;
      gapSince = null;
    }
  }

  async function read() {
    await start();
    if (floor === null) return;
    const rows = await source.after(floor.toString(), batchSize);
    for (const row of rows) {
      const id = BigInt(row.id);
      if (announced.has(id)) continue;
      announced.add(id);
      const item = { id: Number(row.id), merchantId: row.merchant_id, code: row.code };
      for (const listener of listeners) listener(item);
    }
    advanceFloor(now());
  }

  function schedule() {
    if (closed || listeners.size === 0 || timer) return;
    timer = setTimeout(() => {
      timer = null;
      running = read()
        .catch((error: unknown) => options.onError?.(error))
        .finally(() => {
          running = null;
          schedule();
        });
    }, intervalMs);
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      // A failure is reported by the next read, which tries again.
      start().catch(() => {});
      schedule();
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        // Nobody listens: forget the position; the next listener starts from the newest row.
        if (timer) clearTimeout(timer);
        timer = null;
        floor = null;
        announced.clear();
        gapSince = null;
        generation++;
        starting = null;
        startedSignal = startSignal();
      };
    },
    started: () => startedSignal.promise,
    async close() {
      closed = true;
      listeners.clear();
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

function startSignal() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}
