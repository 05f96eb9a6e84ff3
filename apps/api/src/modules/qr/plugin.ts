import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { qrRoutes } from './routes.ts';

/** The QR codes under /api/profile (ADR 044: each module registers its own). */
export const qrPlugin = fp(async function qr(app: FastifyInstance) {
  await app.register(qrRoutes, { prefix: '/api/profile' });
});
