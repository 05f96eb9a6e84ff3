import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { registerMetricsRoute } from './metrics-route.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's series (docs/metrics.md); plugins and modules add theirs to `metrics.registry`. */
    metrics: Metrics;
  }
}

interface Metrics {
  /** The app's own registry: tests build many apps in one process, so never prom-client's global one. */
  registry: Registry;
  /** Hears the ledger writer's batches (`createLedger`'s observer: the ledger imports no plugin). */
  ledgerBatches: { batchPosted(size: number, seconds: number): void };
}

/** What a `pg.Pool` tells of itself. */
interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

export interface MetricsPluginOptions {
  /** METRICS_TOKEN: the bearer token `/metrics` asks for on the app's port. */
  token: string | undefined;
  /** The database pools, by name; a pool given under two names (the embedded one) is reported once. */
  pools: Record<string, PoolCounts>;
}

/** The route label of a request no route matched: its address would make a series per typo. */
export const UNMATCHED_ROUTE = 'unmatched';

/** From a listing served from the cache (under a millisecond) to a slow report export. */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Up to the writer's largest batch (MAX_BATCH, 256). */
const BATCH_SIZE_BUCKETS = [1, 2, 4, 8, 16, 32, 64, 128, 256];
const COMMIT_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

let processSeries: Registry | undefined;

/**
 * The process's own series (CPU, memory, event-loop lag, garbage collection, handles), made once
 * per process and listed by every app's registry. They describe the process, which the apps a
 * test file builds share; and prom-client gives no way to stop their collectors (an event-loop
 * delay monitor and a garbage-collection observer), so one set per app would leave a pair running
 * after each app closed.
 */
function processRegistry(): Registry {
  if (!processSeries) {
    processSeries = new Registry();
    collectDefaultMetrics({ register: processSeries });
  }
  return processSeries;
}

/**
 * A counter whose count is kept elsewhere (a plain number incremented on the hot path) and read
 * when scraped: the request pays for an addition, nothing more.
 */
export function counterReadAtScrape(registry: Registry, name: string, help: string, read: () => number) {
  return new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      this.inc(read());
    },
  });
}

/** Reads the job queues' counts at most once a second, however many series ask during one scrape. */
function queueCounts(app: FastifyInstance) {
  let last: { at: number; counts: Promise<QueueCounts[]> } | undefined;
  return (): Promise<QueueCounts[]> => {
    const boss = app.hasDecorator('boss') ? app.boss : null;
    if (!boss) return Promise.resolve([]);
    if (!last || performance.now() - last.at > 1000) {
      const counts = boss.getQueues().catch((error: unknown) => {
        app.log.warn({ err: error }, 'metrics: the job queues could not be read');
        return [];
      });
      last = { at: performance.now(), counts };
    }
    return last.counts;
  };
}

interface QueueCounts {
  name: string;
  readyCount: number;
  deferredCount: number;
  activeCount: number;
  failedCount: number;
}

export const metricsPlugin = fp(
  async function metrics(app: FastifyInstance, opts: MetricsPluginOptions) {
    // A registry of the app's own, starting with the process's series.
    const registry = Registry.merge([processRegistry(), new Registry()]);

    const httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status_code'],
      buckets: HTTP_BUCKETS,
      registers: [registry],
    });
    // A callback hook: it runs on every request, and an async one costs a promise each time.
    app.addHook('onResponse', (request, reply, done) => {
      httpDuration.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? UNMATCHED_ROUTE,
          status_code: reply.statusCode,
        },
        reply.elapsedTime / 1000,
      );
      done();
    });

    const batchSize = new Histogram({
      name: 'ledger_batch_size',
      help: 'Posting requests in each batch the ledger writers sent to the database.',
      buckets: BATCH_SIZE_BUCKETS,
      registers: [registry],
    });
    const batchCommit = new Histogram({
      name: 'ledger_batch_commit_duration_seconds',
      help: "Time of each ledger batch's round trip and commit, failed ones included.",
      buckets: COMMIT_BUCKETS,
      registers: [registry],
    });

    // Jobs: read from pg-boss's queue table when scraped, never counted in this process. The table
    // is the one record every instance shares: each reports the same figures, whichever instance
    // sent or ran a job, a process that dies between scrapes loses none, and a job failed by
    // pg-boss itself (its worker's process died, it expired) is counted, which a counter beside our
    // handlers would miss. pg-boss's monitor refreshes these counts once a minute. Aggregate them
    // across instances with max(), never sum().
    const queues = queueCounts(app);
    new Gauge({
      name: 'job_queue_depth',
      help: 'Jobs of a queue by state: ready (waiting for a worker), deferred (to start later), active.',
      labelNames: ['queue', 'state'],
      registers: [registry],
      async collect() {
        const counts = await queues();
        this.reset();
        for (const queue of counts) {
          this.set({ queue: queue.name, state: 'ready' }, queue.readyCount);
          this.set({ queue: queue.name, state: 'deferred' }, queue.deferredCount);
          this.set({ queue: queue.name, state: 'active' }, queue.activeCount);
        }
      },
    });
    new Gauge({
      name: 'job_queue_failed_jobs',
      help: "Failed jobs pg-boss still keeps for a queue (it deletes them after the queue's retention).",
      labelNames: ['queue'],
      registers: [registry],
      async collect() {
        const counts = await queues();
        this.reset();
        for (const queue of counts) this.set({ queue: queue.name }, queue.failedCount);
      },
    });

    const pools = new Map<PoolCounts, string>();
    for (const [name, pool] of Object.entries(opts.pools)) if (!pools.has(pool)) pools.set(pool, name);
    const poolGauge = (name: string, help: string, read: (pool: PoolCounts) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['pool'],
        registers: [registry],
        collect() {
          for (const [pool, poolName] of pools) this.set({ pool: poolName }, read(pool));
        },
      });
    poolGauge('db_pool_connections', 'Connections a database pool holds open.', (pool) => pool.totalCount);
    poolGauge('db_pool_idle_connections', 'Open connections no query is using.', (pool) => pool.idleCount);
    poolGauge(
      'db_pool_waiting_clients',
      'Queries waiting for a connection of the pool.',
      (pool) => pool.waitingCount,
    );

    app.decorate('metrics', {
      registry,
      ledgerBatches: {
        batchPosted(size: number, seconds: number) {
          batchSize.observe(size);
          batchCommit.observe(seconds);
        },
      },
    } satisfies Metrics);
    registerMetricsRoute(app, { registry, open: false, token: opts.token });
  },
  { name: 'metrics' },
);
