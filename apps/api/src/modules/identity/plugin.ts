import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { activationRoutes } from './activation-routes.ts';
import { identityRoutes, type IdentityRoutesOptions } from './routes.ts';
import type { HashQueue } from './sign-in-throttle.ts';

export interface IdentityPluginOptions extends IdentityRoutesOptions {
  /** The bound on password hashes, shared with the customers' sign-in. */
  hashQueue: HashQueue;
}

/** The embedded identity provider and its staff activation page (ADR 044). */
export const identityPlugin = fp(async function identity(app: FastifyInstance, opts: IdentityPluginOptions) {
  const { hashQueue, ...routes } = opts;
  await app.register(identityRoutes, routes);
  await app.register(activationRoutes, { hashQueue, attemptsPerAddress: opts.attemptsPerAddress });
});
