import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sessionRoutes } from './routes.ts';
import type { SessionService } from './service.ts';

/** The portal's sign-in, session and sign-out (the BFF, ADR 002; ADR 044). */
export const sessionPlugin = fp(async function session(
  app: FastifyInstance,
  opts: { sessions: SessionService; publicUrl: string },
) {
  await app.register(sessionRoutes, opts);
});
