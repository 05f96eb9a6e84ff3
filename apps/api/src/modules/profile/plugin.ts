import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { profileRoutes } from './routes.ts';
import { profileThresholdRoutes } from './threshold-routes.ts';

/** The merchant's profile and its low-balance thresholds under /api/profile (ADR 044). */
export const profilePlugin = fp(async function profile(app: FastifyInstance) {
  await app.register(profileRoutes, { prefix: '/api/profile' });
  await app.register(profileThresholdRoutes, { prefix: '/api/profile' });
});
