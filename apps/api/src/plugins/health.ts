import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import { migrationsPending } from '../db/migrate.ts';
import type { Database } from '../db/schema.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The first step of a graceful stop (ADR 045): /readyz answers 503 from now on, so balancers
     * take the instance out of rotation, and each answer closes its connection, so clients' next
     * requests open new ones elsewhere. Requests keep being served until the app closes.
     */
    startDraining(): void;
    isDraining(): boolean;
  }
}

export interface HealthOptions {
  db: Kysely<Database>;
  isDraining: () => boolean;
}

const notReady = z.object({ code: z.string(), message: z.string() });

/**
 * `/healthz` (the process is up: a liveness probe restarts it otherwise) and `/readyz` (send it
 * traffic: the database answers, its schema is this version's, and the process is not draining).
 * On any Fastify instance: the app's own port and the operators' listener answer the same.
 */
export async function healthRoutes(app: FastifyInstance, opts: HealthOptions) {
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
        summary: 'Ready for traffic: the database answers at this version, the process is not draining',
        response: { 200: z.object({ status: z.literal('ready') }), 503: notReady },
      },
    },
    async (_request, reply) => {
      if (opts.isDraining()) {
        return reply.status(503).send({ code: 'DRAINING', message: 'This instance is shutting down.' });
      }
      let pending: boolean;
      try {
        pending = await migrationsPending(opts.db as never);
      } catch {
        return reply.status(503).send({ code: 'NOT_READY', message: 'The database is not reachable.' });
      }
      if (pending) {
        return reply
          .status(503)
          .send({ code: 'NOT_MIGRATED', message: "The database is not at this version's schema." });
      }
      return { status: 'ready' as const };
    },
  );
}

/** The app's health routes and its drain switch. */
export const healthPlugin = fp(async function health(app: FastifyInstance, opts: { db: Kysely<Database> }) {
  let draining = false;
  app.decorate('startDraining', () => {
    draining = true;
  });
  app.decorate('isDraining', () => draining);
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
  await app.register(healthRoutes, { db: opts.db, isDraining: () => draining });
});
