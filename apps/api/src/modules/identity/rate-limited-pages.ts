import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { rateLimitedPage } from './pages.ts';

export interface RateLimitedPagesOptions {
  /** The limit in words, before the wait: "Too many sign-in attempts." */
  limit: string;
  /** The refused address's own page with `message` as its error; null where there is none to show. */
  page(request: FastifyRequest, reply: FastifyReply, message: string): Promise<string | null>;
  html(reply: FastifyReply, body: string, status: number): FastifyReply;
}

/** The wait the limiter named in its Retry-After (both kinds set it); a minute if it named none. */
function secondsToWait(reply: FastifyReply): number {
  const seconds = Number(reply.getHeader('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60;
}

function tooManyAttempts(limit: string, seconds: number): string {
  return `${limit} Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
}

/**
 * The identity provider's pages are read by people at a browser, not by the portal's code: a
 * request over a rate limit there (the sign-in forms' own limits, or the site-wide one, which
 * refuses before the form is even read) gets its page again, 429 with the Retry-After, saying how
 * long to wait, in the product's look, never the API's JSON. Every other error keeps the app's
 * one error shape (the parent's handler).
 */
export function answerRateLimitsWithPages(scope: FastifyInstance, options: RateLimitedPagesOptions) {
  scope.setErrorHandler(async (error, request, reply) => {
    if (!(error instanceof AppError) || error.code !== 'RATE_LIMITED') throw error;
    const message = tooManyAttempts(options.limit, secondsToWait(reply));
    const page =
      (await options.page(request, reply, message)) ??
      rateLimitedPage(
        message,
        request.method === 'GET'
          ? { href: request.url, text: 'Try again' }
          : { href: '/', text: 'Back to the portal' },
      );
    return options.html(reply, page, 429);
  });
}
