import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { addressArea, type AddressArea } from '../lib/address-area.ts';
import { AppError } from '../lib/app-error.ts';
import { sessionCookieName } from './auth.ts';

/** The areas whose calls do work: the API, the portal's sign-in and the identity provider. */
const COUNTED_AREAS: ReadonlySet<AddressArea> = new Set(['api', 'auth', 'oidc']);

/**
 * The site-wide rate limits: a budget per signed-in session for people, another for integrations.
 * Counted in `store`, the limits module's store in the database (ADR 042), so every instance of
 * the API draws on the same budget; the sign-in forms' own limits (`signInRateLimit`) are children
 * of this store and shared the same way. The store comes in typed by the rate limiter's own
 * interface: infrastructure imports no module (ADR 044).
 */
export async function registerRateLimits(
  app: FastifyInstance,
  config: Config,
  store: FastifyRateLimitStoreCtor,
) {
  await app.register(rateLimit, {
    store,
    // A person clicking through the portal needs far fewer calls than an integration syncing
    // orders, which gets a budget of its own (per address: a made-up token must not buy a new one).
    max: (_request, key) =>
      key.startsWith('bearer:') ? config.rateLimitBearerPerMinute : config.rateLimitPerMinute,
    timeWindow: '1 minute',
    // The portal's own files are static and cacheable; only calls that do work are counted, per
    // signed-in session where there is one (a shop's staff often share one public address).
    // (By the address asked for, not the route's: the portal's pages answer any other GET.)
    allowList: (request) => request.method === 'GET' && !COUNTED_AREAS.has(addressArea(request.url)),
    // Only a live session counts as one: any other cookie, even one we signed (the login state's,
    // an ended session's), would otherwise buy a bucket of its own. The limiter runs as a route
    // hook, after the authentication's app-wide onRequest hook, so the session is already
    // checked here (its identity remembered, ADR 025) and this costs no more than a look-up.
    keyGenerator: (request) => {
      if (request.headers.authorization?.startsWith('Bearer ')) return `bearer:${request.ip}`;
      if (request.authKind !== 'session') return `ip:${request.ip}`;
      return `session:${app.readSignedCookie(request, sessionCookieName(config.publicUrl))}`;
    },
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', 429, `Too many requests. Please try again in ${context.after}.`),
  });
}
