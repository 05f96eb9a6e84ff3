import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { analyticsRoutes } from './routes.ts';

/** The analytics page's figures under /api/payment, beside the orders they count (ADR 044, ADR 048). */
export const analyticsPlugin = fp(async function analytics(app: FastifyInstance) {
  await app.register(analyticsRoutes, { prefix: '/api/payment' });
});
