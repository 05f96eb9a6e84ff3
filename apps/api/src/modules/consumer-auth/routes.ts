import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CONSUMER_COOKIE,
  CONSUMER_MESSAGES,
  consumerResponseSchema,
  consumerSessionResponseSchema,
  consumerSignInSchema,
} from '@lynk/contract/consumer';
import { z } from 'zod/mini';
import { apiErrorSchema } from '@lynk/contract/errors';
import { AppError, unauthorized } from '../../lib/app-error.ts';
import { signInRateLimit } from '../../lib/sign-in-rate-limit.ts';
import { assertSameSite } from '../../plugins/auth.ts';
import { toConsumerDto, type ConsumerAuth, type SignedInConsumer } from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The customer signed in on the pay page (their own cookie, never the staff session). */
    consumer: SignedInConsumer | null;
  }
}

export interface ConsumerAuthOptions {
  auth: ConsumerAuth;
  publicUrl: string;
  attemptsPerAddress: number;
}

const cookieNameFor = (publicUrl: string) =>
  publicUrl.startsWith('https://') ? `__Host-${CONSUMER_COOKIE}` : CONSUMER_COOKIE;

/**
 * preValidation: the call comes from the pay page (CSRF header, same origin) of a signed-in
 * customer; `request.consumer` is set. Used by paying and declining.
 */
export function requireConsumer(opts: ConsumerAuthOptions): preValidationHookHandler {
  const cookieName = cookieNameFor(opts.publicUrl);
  const publicOrigin = new URL(opts.publicUrl).origin;
  return async (request: FastifyRequest) => {
    if (request.method !== 'GET') assertSameSite(request, publicOrigin);
    request.consumer = await signedInConsumer(request, cookieName, opts.auth);
    if (!request.consumer) throw unauthorized(CONSUMER_MESSAGES.signedOut);
  };
}

/** The customer's token from their signed cookie (checked once, then remembered: plugins/auth.ts). */
function consumerToken(request: FastifyRequest, cookieName: string): string | null {
  return request.server.readSignedCookie(request, cookieName);
}

/** The customer whose live session the request's cookie carries, if any. */
async function signedInConsumer(
  request: FastifyRequest,
  cookieName: string,
  auth: ConsumerAuth,
): Promise<SignedInConsumer | null> {
  const token = consumerToken(request, cookieName);
  return token ? auth.resolve(token, request.server.clock()) : null;
}

/** `/api/consumer-auth`: customers of Lynk sign in here to pay a merchant's payment request. */
export async function consumerAuthRoutes(app: FastifyInstance, opts: ConsumerAuthOptions) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const cookieName = cookieNameFor(opts.publicUrl);
  const publicOrigin = new URL(opts.publicUrl).origin;
  const secure = opts.publicUrl.startsWith('https://');
  const cookie = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure };
  const throttle = signInRateLimit(app, 'consumer', opts.attemptsPerAddress);

  typed.post(
    '/sign-in',
    {
      // Login CSRF: a sign-in also comes from the pay page only.
      preValidation: async (request) => assertSameSite(request, publicOrigin),
      preHandler: throttle,
      schema: {
        tags: ['consumer-auth'],
        summary: 'A customer signs in to pay a payment request from their Lynk wallet',
        body: consumerSignInSchema,
        response: {
          200: consumerResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const outcome = await opts.auth.signIn({ ...request.body, ip: request.ip, now: app.clock() });
      if (outcome.kind === 'locked') {
        reply.header('retry-after', String(outcome.retryAfterSeconds));
        const minutes = Math.ceil(outcome.retryAfterSeconds / 60);
        throw new AppError(
          'RATE_LIMITED',
          429,
          `Too many failed sign-ins for this email. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        );
      }
      if (outcome.kind === 'refused') throw unauthorized(CONSUMER_MESSAGES.signInFailed);
      if (outcome.kind === 'closed') throw unauthorized(CONSUMER_MESSAGES.walletClosed);
      reply.setCookie(cookieName, outcome.token, { ...cookie, signed: true });
      return { data: toConsumerDto(outcome.consumer) };
    },
  );

  typed.get(
    '/session',
    {
      schema: {
        tags: ['consumer-auth'],
        summary: 'The signed-in customer and their wallet balance, or null when nobody is signed in',
        response: { 200: consumerSessionResponseSchema },
      },
    },
    async (request) => {
      const consumer = await signedInConsumer(request, cookieName, opts.auth);
      return { data: consumer ? toConsumerDto(consumer) : null };
    },
  );

  typed.post(
    '/sign-out',
    {
      preValidation: async (request) => assertSameSite(request, publicOrigin),
      schema: {
        tags: ['consumer-auth'],
        summary: 'The customer signs out',
        response: { 204: z.null(), 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const token = consumerToken(request, cookieName);
      if (token) await opts.auth.signOut(token);
      reply.clearCookie(cookieName, cookie);
      return reply.status(204).send(null);
    },
  );
}
