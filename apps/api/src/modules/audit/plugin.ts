import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { auditRoutes } from './routes.ts';

/** The audit log under /api (ADR 044: each module registers its own). */
export const auditPlugin = fp(async function audit(app: FastifyInstance) {
  await app.register(auditRoutes, { prefix: '/api' });
});
