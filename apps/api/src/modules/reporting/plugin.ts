import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { reportingRoutes } from './routes.ts';

/** The reports and their exports under /api/reporting (ADR 044: each module registers its own). */
export const reportingPlugin = fp(async function reporting(app: FastifyInstance) {
  await app.register(reportingRoutes, { prefix: '/api/reporting' });
});
