import { z } from 'zod/mini';

/** GET /api/session — the signed-in user's identity, read from the access-token claims. */
export const sessionIdentitySchema = z.object({
  id: z.string(),
  authID: z.string(),
  role: z.string(),
  role_id: z.int(),
  displayName: z.string(),
  email: z.string(),
  org_id: z.string(),
  merchant_id: z.int(),
  permissions: z.array(z.string()),
});
export type SessionIdentity = z.infer<typeof sessionIdentitySchema>;

/** A session ends after this long without a call, and in any case this long after signing in. */
export const SESSION_IDLE_MINUTES = 15;
export const SESSION_ABSOLUTE_HOURS = 12;

/** Header the portal sends on every unsafe request; the server refuses unsafe methods without it. */
export const CSRF_HEADER = 'x-lynk-csrf';
export const CSRF_HEADER_VALUE = '1';

/**
 * The organization the page making a call belongs to. One session carries one organization; when
 * another tab switched it, calls from this tab are refused (409 ORG_MISMATCH) instead of being
 * answered with the other organization's data.
 */
export const ORG_HEADER = 'x-lynk-org';

/** Organization ids look like `org_1001`; the path segment is the part after the prefix. */
const ORG_PREFIX = 'org_';
export const orgIdSchema = z
  .string()
  .check(z.regex(/^org_[0-9]{1,12}$/, 'Organization ids look like org_1001'));

export function orgIdFromPathSegment(segment: string): string {
  return `${ORG_PREFIX}${segment}`;
}

export function pathSegmentFromOrgId(orgId: string): string {
  return orgId.startsWith(ORG_PREFIX) ? orgId.slice(ORG_PREFIX.length) : orgId;
}

/** Header every money-moving call carries so a retry is answered once (Stripe's semantics). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/**
 * Control characters (U+0000–U+001F, U+007F) and backslashes. Browsers drop tabs and newlines
 * from URLs and read a backslash as "/" when they follow a Location, so `/<TAB>/evil.example`
 * would become `//evil.example`, another site.
 */
function isUnsafeInPath(char: string): boolean {
  const code = char.charCodeAt(0);
  return code < 0x20 || code === 0x7f || char === '\\';
}

/** Only a path on this site may be a return address after signing in (no open redirect). */
export function isSafeReturnTo(value: string): boolean {
  return (
    value.length <= 2048 &&
    value.startsWith('/') &&
    !value.startsWith('//') &&
    ![...value].some(isUnsafeInPath)
  );
}

/** The `returnTo` query parameter of `/auth/login`: a safe path, `/` when absent. */
export const returnToSchema = z._default(
  z.string().check(z.maxLength(2048), z.refine(isSafeReturnTo, 'returnTo must be a path on this site')),
  '/',
);

/** POST /auth/logout: where the browser goes next to end the identity provider's session. */
export const logoutResponseSchema = z.object({ location: z.string().check(z.minLength(1)) });
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;
