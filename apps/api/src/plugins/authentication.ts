import { isAdminRole } from '@lynk/contract/permissions';
import { STEP_UP_WINDOW_MINUTES } from '@lynk/contract/step-up';

/**
 * When the user behind a session (or a bearer token) last proved who they are, and when they last
 * did so with a second factor (null when that authentication had none): the ID token's `auth_time`
 * and `amr` (RFC 8176 `otp`), recorded by the BFF when the session opens (ADR 030).
 */
export interface Authentication {
  authenticatedAt: Date | null;
  secondFactorAt: Date | null;
}

export const NO_AUTHENTICATION: Authentication = { authenticatedAt: null, secondFactorAt: null };

const STEP_UP_WINDOW_MS = STEP_UP_WINDOW_MINUTES * 60 * 1000;

/** From an ID token's (or an RFC 9068 access token's) `auth_time` and `amr` claims. */
export function authenticationFromClaims(claims: { auth_time?: unknown; amr?: unknown }): Authentication {
  const authTime = typeof claims.auth_time === 'number' ? new Date(claims.auth_time * 1000) : null;
  const amr = Array.isArray(claims.amr) ? claims.amr : [];
  return { authenticatedAt: authTime, secondFactorAt: authTime && amr.includes('otp') ? authTime : null };
}

/**
 * The step-up rule: a second factor within the window; or, for a user who has no authenticator
 * (optional for cashiers and managers), their password within the window. An admin role always
 * needs the second factor, whatever the identity provider let through.
 */
export function isRecentlyAuthenticated(auth: Authentication, role: string, now: Date): boolean {
  const recent = (at: Date | null) => at !== null && now.getTime() - at.getTime() <= STEP_UP_WINDOW_MS;
  if (auth.secondFactorAt) return recent(auth.secondFactorAt);
  if (isAdminRole(role)) return false;
  return recent(auth.authenticatedAt);
}
