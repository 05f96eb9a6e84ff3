import type { FastifyRequest, preHandlerHookHandler } from 'fastify';
import { STEP_UP_MESSAGE, STEP_UP_REQUIRED } from '@lynk/contract/step-up';
import { AppError, unauthorized } from '../lib/app-error.ts';
import { isRecentlyAuthenticated } from './authentication.ts';

/**
 * Step-up (ADR 030), for routes where money leaves or staff change: the caller must have given
 * their second factor within the last 15 minutes (or, without an authenticator and below admin,
 * their password), checked here on the server whatever the page did. Otherwise 403
 * `STEP_UP_REQUIRED`, which the portal answers by sending the user through `/auth/step-up` and
 * retrying. Use it after the permission gate, as `preValidation` (or `preHandler` where the body
 * decides, see `requireRecentSecondFactorWhen`):
 *
 *   preValidation: [requireGate(GATES.staffUpdate), requireRecentSecondFactor]
 */
export const requireRecentSecondFactor: preHandlerHookHandler = async (request) => {
  assertRecentlyAuthenticated(request);
};

/** The same check, only for requests `applies` picks (run it as `preHandler`: the body is validated). */
export function requireRecentSecondFactorWhen(
  applies: (request: FastifyRequest) => boolean,
): preHandlerHookHandler {
  return async (request) => {
    if (applies(request)) assertRecentlyAuthenticated(request);
  };
}

function assertRecentlyAuthenticated(request: FastifyRequest) {
  if (!request.identity) throw unauthorized();
  if (!isRecentlyAuthenticated(request.authentication, request.identity.role, request.server.clock())) {
    throw new AppError(STEP_UP_REQUIRED, 403, STEP_UP_MESSAGE);
  }
}
