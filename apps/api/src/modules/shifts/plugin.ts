import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { shiftRoutes } from './routes.ts';

/** The cashier's cash-up under /api/payment, beside the orders it counts (ADR 044). */
export const shiftsPlugin = fp(async function shifts(app: FastifyInstance) {
  await app.register(shiftRoutes, { prefix: '/api/payment' });
});
