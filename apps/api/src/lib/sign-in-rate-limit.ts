import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * Two limits on a sign-in form besides the site-wide one: per address (a spray of many emails
 * from one place) and per address and email (guessing one password). The site-wide limit stays in
 * force too. Per-account lock-outs, whatever the address, are the sign-in service's. `form` keeps
 * the staff and the customer sign-ins counted apart. The second-factor step has no email in its
 * form (the interaction knows the user): it is limited per address only.
 */
export function signInRateLimit(
  app: FastifyInstance,
  form: 'staff' | 'consumer' | 'activation' | 'second-factor',
  attemptsPerAddress: number,
): preHandlerHookHandler {
  const perAddress = app.createRateLimit({
    max: attemptsPerAddress,
    timeWindow: '1 minute',
    keyGenerator: (request) => `sign-in:${form}:${request.ip}`,
  });
  // Ten a minute per address and email: guessing stays slow, while a shop's cashiers behind one
  // public address can still all sign in at opening time.
  const perEmail = app.createRateLimit({
    max: 10,
    timeWindow: '1 minute',
    keyGenerator: (request) =>
      `sign-in:${form}:${request.ip}|${String((request.body as { email?: string } | undefined)?.email ?? '').toLowerCase()}`,
  });
  const limits = form === 'second-factor' ? [perAddress] : [perAddress, perEmail];
  return async (request, reply) => {
    for (const limit of limits) {
      const result = await limit(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new AppError(
          'RATE_LIMITED',
          429,
          `Too many requests. Please try again in ${result.ttlInSeconds} seconds.`,
        );
      }
    }
  };
}
