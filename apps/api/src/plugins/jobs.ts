import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PgBoss } from 'pg-boss';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The job queue, null when background jobs are off. A module's plugin, registered after this
     * one, creates its queues, workers and schedules on it (ADR 044).
     */
    boss: PgBoss | null;
  }
}

export interface JobsPluginOptions {
  databaseUrl: string | undefined;
  enabled: boolean;
}

/**
 * pg-boss runs in-process. On PostgreSQL it has its own pool; on the embedded database it shares
 * our single-connection pool, so a job never runs inside someone else's open transaction. It stops
 * after everything registered after it (Fastify closes the last registered first): the modules'
 * workers and the simulated bank rail are done with before the queue goes.
 */
export const jobsPlugin = fp(async function jobs(app: FastifyInstance, opts: JobsPluginOptions) {
  if (!opts.enabled) {
    app.decorate('boss', null);
    return;
  }
  const boss = opts.databaseUrl
    ? new PgBoss({ connectionString: opts.databaseUrl })
    : new PgBoss({
        db: { executeSql: (text: string, values?: unknown[]) => app.pool.query(text, values as unknown[]) },
        backend: 'pglite',
      });
  boss.on('error', (error) => app.log.error({ err: error }, 'job queue error'));
  await boss.start();
  app.decorate('boss', boss);
  app.addHook('onClose', async () => {
    await boss.stop({ graceful: true, timeout: 10_000 });
  });
});
