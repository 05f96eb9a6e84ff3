import { isSafeReturnTo } from '@lynk/contract/session';

/**
 * GET /auth/login?org=…&returnTo=…: a full-page navigation through the identity provider that
 * comes back to `returnTo`. Also used to switch organisation: the provider already has a session,
 * so it returns at once with tokens for the new organisation ("silent re-authorization").
 */
const LOGIN_PATH = '/auth/login';

/** Only same-origin paths may be sent as `returnTo` (no open redirect): the server's own check. */
export function safeReturnTo(returnTo: string | undefined): string {
  return returnTo && isSafeReturnTo(returnTo) ? returnTo : '/';
}

export function loginUrl({ org, returnTo }: { org?: string | null; returnTo?: string } = {}): string {
  const params = new URLSearchParams();
  if (org) params.set('org', org);
  params.set('returnTo', safeReturnTo(returnTo));
  return `${LOGIN_PATH}?${params.toString()}`;
}
