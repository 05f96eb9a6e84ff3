import { orgIdFromPathSegment, orgIdSchema } from '@lynk/contract/session';

/**
 * How a URL names an organisation (spec section 2): the first path segment, prefixed with `org_`,
 * unless it contains "wallet" (those paths show the "Building!" placeholder). A `parent_org_id`
 * query parameter overrides it. Organisation segments are digits (`/1001/lynk-wallet`).
 */

/** First-level paths of the portal that are not organisations. */
const TOP_LEVEL_PAGES = ['staff', 'audit-log', 'analytics', 'profile', 'support'] as const;

const ORG_SEGMENT = /^[0-9]{1,12}$/;

export type PathTarget =
  | { kind: 'building' }
  | { kind: 'not-found' }
  /** A page of the portal; `orgId` is the organisation the URL asks for, `null` for "the session's". */
  | { kind: 'app'; orgId: string | null };

function firstPathSegment(pathname: string): string {
  return pathname.split('/').find((segment) => segment !== '') ?? '';
}

function isOrgSegment(segment: string): boolean {
  return ORG_SEGMENT.test(segment);
}

/** `parent_org_id` as `org_1001` or `1001`; anything else is ignored. */
export function parentOrgOverride(search: string): string | null {
  const raw = new URLSearchParams(search).get('parent_org_id')?.trim();
  if (!raw) return null;
  if (orgIdSchema.safeParse(raw).success) return raw;
  return isOrgSegment(raw) ? orgIdFromPathSegment(raw) : null;
}

export function resolvePathTarget(pathname: string, search: string): PathTarget {
  const segment = firstPathSegment(pathname);
  if (segment.toLowerCase().includes('wallet')) return { kind: 'building' };
  const override = parentOrgOverride(search);
  if (segment === '' || (TOP_LEVEL_PAGES as readonly string[]).includes(segment)) {
    return { kind: 'app', orgId: override };
  }
  if (isOrgSegment(segment)) return { kind: 'app', orgId: override ?? orgIdFromPathSegment(segment) };
  return { kind: 'not-found' };
}

/** The organisation a URL asks for, or `null` when it leaves the choice to the session. */
export function organizationFromLocation(pathname: string, search: string): string | null {
  const target = resolvePathTarget(pathname, search);
  return target.kind === 'app' ? target.orgId : null;
}

/** The path up to and including the first `segment` (`/1001/lynk-wallet/orders`, `lynk-wallet` → `/1001/lynk-wallet`). */
export function pathUpTo(pathname: string, segment: string): string | null {
  const segments = pathname.split('/').filter(Boolean);
  const at = segments.indexOf(segment);
  return at === -1 ? null : `/${segments.slice(0, at + 1).join('/')}`;
}
