import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { consumerAuthRoutes, type ConsumerAuthOptions } from './routes.ts';

/** The customers' sign-in on the pay page under /api/consumer-auth (ADR 044). */
export const consumerAuthPlugin = fp(async function consumerAuth(
  app: FastifyInstance,
  opts: ConsumerAuthOptions,
) {
  await app.register(consumerAuthRoutes, { prefix: '/api/consumer-auth', ...opts });
});
