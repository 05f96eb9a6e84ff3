import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PgBoss } from 'pg-boss';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The job queue, null when background jobs are off. A module's plugin, registered after this
     * one, creates its queues on it and, when this process runs jobs (`runsJobs`), its workers and
     * schedules (ADR 044, 045).
     */
    boss: PgBoss | null;
    /**
     * Whether this process works the queues (ROLE `worker` or `all`). A `web` process only sends
     * jobs: its requests queue them, a worker runs them.
     */
    runsJobs: boolean;
  }
}

/** `run`: send and work jobs; `send`: only queue them (a web instance of a fleet); `off`: neither. */
export type JobsMode = 'run' | 'send' | 'off';

export interface JobsPluginOptions {
  databaseUrl: string | undefined;
  mode: JobsMode;
}

/**
 * pg-boss runs in-process. On PostgreSQL it has its own pool; on the embedded database it shares
 * our single-connection pool, so a job never runs inside someone else's open transaction. It stops
 * after everything registered after it (Fastify closes the last registered first): the modules'
 * workers and the simulated bank rail are done with before the queue goes. A process that only
 * sends neither supervises the queues nor runs the cron schedules: the workers do, and pg-boss
 * keeps each scheduled job to one per minute whatever the number of workers.
 */
export const jobsPlugin = fp(async function jobs(app: FastifyInstance, opts: JobsPluginOptions) {
  app.decorate('runsJobs', opts.mode === 'run');
  if (opts.mode === 'off') {
    app.decorate('boss', null);
    return;
  }
  const roleOptions = opts.mode === 'send' ? { supervise: false, schedule: false } : {};
  const boss = opts.databaseUrl
    ? new PgBoss({ connectionString: opts.databaseUrl, ...roleOptions })
    : new PgBoss({
        db: { executeSql: (text: string, values?: unknown[]) => app.pool.query(text, values as unknown[]) },
        backend: 'pglite',
        ...roleOptions,
      });
  boss.on('error', (error) => app.log.error({ err: error }, 'job queue error'));
  await boss.start();
  app.decorate('boss', boss);
  app.addHook('onClose', async () => {
    await boss.stop({ graceful: true, timeout: 10_000 });
  });
});
