import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { accountRoutes } from './routes.ts';

/** The account back end under /api/account (ADR 044: each module registers its own). */
export const accountPlugin = fp(async function account(
  app: FastifyInstance,
  opts: { railStepSeconds: number },
) {
  await app.register(accountRoutes, { prefix: '/api/account', railStepSeconds: opts.railStepSeconds });
});
