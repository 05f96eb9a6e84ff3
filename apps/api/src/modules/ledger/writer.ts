import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '../../db/transaction.ts';
import { callPostBatch } from './engine-repository.ts';
import type { EngineOutcome, PostingRequest } from './engine-types.ts';
import { shardOf } from './internal-accounts.ts';

/** A batch is whatever queued while the previous one committed, up to this many requests. */
const MAX_BATCH = 256;

export interface LedgerWriter {
  /** Queues a request on its merchant's writer; resolves when its batch has committed. */
  post(request: PostingRequest): Promise<EngineOutcome>;
  /** Resolves when every queued request has been posted (or failed). */
  drain(): Promise<void>;
}

/** Hears every batch the writer posts (the server's metrics); it must not throw and must be quick. */
export interface BatchObserver {
  batchPosted(size: number, seconds: number): void;
}

interface Pending {
  request: PostingRequest;
  resolve: (outcome: EngineOutcome) => void;
  reject: (error: unknown) => void;
}

interface Queue {
  pending: Pending[];
  busy: boolean;
  idle: Array<() => void>;
}

/**
 * The single writer per shard (ADR 020). Requests queue per writer; a batch waits one turn of the
 * event loop (`setImmediate`) so those arriving with it share it, and while a batch commits the
 * next one gathers. One writer posts one batch at a time on its own
 * connection, so a hot wallet's transfers never wait on each other's row locks: they share commits.
 *
 * A request whose idempotency key is already in flight waits for the first to settle, then goes
 * to the engine, which answers it from the stored result. A batch that fails with a database
 * error (a bug in one request) is posted again request by request, so only the bad one fails.
 */
export function createLedgerWriter(
  db: Db,
  options: { writers: number; observer?: BatchObserver | undefined },
): LedgerWriter {
  const { observer } = options;
  const queues: Queue[] = Array.from({ length: options.writers }, () => ({
    pending: [],
    busy: false,
    idle: [],
  }));
  const inFlightKeys = new Map<string, Promise<unknown>>();

  /** A metric must never stop money moving: whatever the observer does, the writer goes on. */
  function observe(size: number, started: number) {
    try {
      observer?.batchPosted(size, (performance.now() - started) / 1000);
    } catch {
      // The figure is lost, nothing else.
    }
  }

  async function postBatch(batch: Pending[]) {
    const started = performance.now();
    let outcomes: EngineOutcome[];
    try {
      outcomes = await callPostBatch(
        db,
        batch.map((p) => p.request),
      );
    } catch (error) {
      // A failed round trip is timed too: a database that refuses slowly is what the figure is for.
      observe(batch.length, started);
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      for (const pending of batch) await postBatch([pending]);
      return;
    }
    observe(batch.length, started);
    batch.forEach((p, i) => p.resolve(outcomes[i]!));
  }

  async function run(queue: Queue) {
    if (queue.busy) return;
    queue.busy = true;
    try {
      // Each turn first lets every caller whose previous request just came back queue its next
      // one (their continuations take several microtask hops), so they share the coming commit.
      while ((await nextTurn(), queue.pending.length > 0)) {
        await postBatch(queue.pending.splice(0, MAX_BATCH));
      }
    } finally {
      queue.busy = false;
      for (const done of queue.idle.splice(0)) done();
    }
  }

  function enqueue(request: PostingRequest): Promise<EngineOutcome> {
    const queue = queues[shardOf(request.merchantId) % queues.length]!;
    return new Promise<EngineOutcome>((resolve, reject) => {
      queue.pending.push({ request, resolve, reject });
      void run(queue);
    });
  }

  return {
    async post(request) {
      const key = request.idempotency && `${request.idempotency.scope}\n${request.idempotency.key}`;
      if (!key) return enqueue(request);
      while (inFlightKeys.has(key)) await inFlightKeys.get(key)!.catch(() => undefined);
      const posted = enqueue(request);
      inFlightKeys.set(key, posted);
      try {
        return await posted;
      } finally {
        inFlightKeys.delete(key);
      }
    },
    async drain() {
      await Promise.all(
        queues.map((queue) =>
          queue.busy || queue.pending.length > 0
            ? new Promise<void>((done) => queue.idle.push(done))
            : undefined,
        ),
      );
    },
  };
}
