/**
 * GET /auth/login?org=…&returnTo=…: a full-page navigation through the identity provider that
 * comes back to `returnTo`. Also used to switch organisation: the provider already has a session,
 * so it returns at once with tokens for the new organisation ("silent re-authorization").
 */
export const LOGIN_PATH = '/auth/login';

/**
 * Control characters (U+0000–U+001F, U+007F) and backslashes. Browsers drop tabs and newlines
 * from URLs and read a backslash as "/", so a tab or a backslash after the leading "/" would
 * make a protocol-relative URL, off the origin, once resolved. (The server's `returnTo` check is
 * the same.)
 */
function isUnsafeInPath(char: string): boolean {
  const code = char.charCodeAt(0);
  return code < 0x20 || code === 0x7f || char === '\\';
}

/** Only same-origin paths may be sent as `returnTo` (no open redirect through the sign-in). */
export function safeReturnTo(returnTo: string | undefined): string {
  if (
    !returnTo ||
    !returnTo.startsWith('/') ||
    returnTo.startsWith('//') ||
    [...returnTo].some(isUnsafeInPath)
  )
    return '/';
  return returnTo;
}

export function loginUrl({ org, returnTo }: { org?: string | null; returnTo?: string } = {}): string {
  const params = new URLSearchParams();
  if (org) params.set('org', org);
  params.set('returnTo', safeReturnTo(returnTo));
  return `${LOGIN_PATH}?${params.toString()}`;
}
