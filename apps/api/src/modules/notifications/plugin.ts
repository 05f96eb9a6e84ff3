import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notificationPreferenceRoutes } from './preferences-routes.ts';
import { notificationRoutes } from './routes.ts';
import { notificationStreamRoutes } from './stream-routes.ts';

/** The notifications, their preferences and their stream under /api/profile (ADR 044). */
export const notificationsPlugin = fp(async function notifications(app: FastifyInstance) {
  await app.register(notificationRoutes, { prefix: '/api/profile' });
  await app.register(notificationPreferenceRoutes, { prefix: '/api/profile' });
  await app.register(notificationStreamRoutes, { prefix: '/api/profile' });
});
