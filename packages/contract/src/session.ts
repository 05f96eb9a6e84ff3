import { z } from 'zod';

/** GET /api/session — the signed-in user's identity, read from the access-token claims. */
export const sessionIdentitySchema = z.object({
  id: z.string(),
  authID: z.string(),
  role: z.string(),
  role_id: z.number().int(),
  displayName: z.string(),
  email: z.string(),
  org_id: z.string(),
  merchant_id: z.number().int(),
  permissions: z.array(z.string()),
});
export type SessionIdentity = z.infer<typeof sessionIdentitySchema>;

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
export const ORG_PREFIX = 'org_';
export const orgIdSchema = z.string().regex(/^org_[0-9]{1,12}$/, 'Organization ids look like org_1001');

export function orgIdFromPathSegment(segment: string): string {
  return `${ORG_PREFIX}${segment}`;
}

export function pathSegmentFromOrgId(orgId: string): string {
  return orgId.startsWith(ORG_PREFIX) ? orgId.slice(ORG_PREFIX.length) : orgId;
}
