import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';

/** `/healthz` (the process is up) and `/readyz` (the database answers), for probes. */
export async function healthRoutes(
  app: FastifyInstance,
  opts: { pool: { query: (text: string) => Promise<unknown> } },
) {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        summary: 'The process is up',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'The database answers',
        response: {
          200: z.object({ status: z.literal('ready') }),
          503: z.object({ code: z.string(), message: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await opts.pool.query('select 1');
        return { status: 'ready' as const };
      } catch {
        return reply.status(503).send({ code: 'NOT_READY', message: 'The database is not reachable.' });
      }
    },
  );
}
