import { accountListSchema } from '@lynk/contract/accounts';
import { merchantProfileSchema } from '@lynk/contract/profile';
import { ORG_HEADER, sessionIdentitySchema } from '@lynk/contract/session';
import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { ACCOUNTS_PATH, accountsQueryKey } from '@/features/accounts/api/get-accounts';
import { SESSION_PATH, sessionQueryKey } from '@/features/auth/api/get-session';
import { PROFILE_PATH, profileQueryKey } from '@/features/profile/api/get-profile';
import { resolvePathTarget } from '@/lib/location-org';

/**
 * A portal page's first screen rendered on the server (ADR 038): the frame and its heading need
 * the session and the organisation's profile and accounts. The server asks for them as the
 * portal would, renders the page with them and sends them with it, in a script element of this
 * id; the browser puts them in its query cache before it takes the page over, so that its first
 * render is the server's.
 */
export const FIRST_SCREEN_ID = 'lynk-first-screen';

/** The answers of the first screen's calls, by path (each the JSON the call answered). */
export type FirstScreenAnswers = Record<string, unknown>;

/** What a page rendered on the server was rendered with, sent with it for the browser. */
export interface FirstScreenState {
  answers: FirstScreenAnswers;
  /** The layout it was rendered for (see ServerLayoutContext). */
  smartphone: boolean;
}

export interface FirstScreenRequest {
  path: string;
  headers: Record<string, string>;
}

/**
 * The calls a signed-in page's first screen makes, with the headers the portal's own calls would
 * carry (the organisation the address names); none for what is not a signed-in portal page (the
 * customer's pay page, whose calls are its own: features/pay/first-screen.ts; the "Building!"
 * placeholder, an unknown path).
 */
export function firstScreenRequests(url: URL): FirstScreenRequest[] {
  const target = resolvePathTarget(url.pathname, url.search);
  if (target.kind !== 'app') return [];
  const headers: Record<string, string> = target.orgId ? { [ORG_HEADER]: target.orgId } : {};
  return [SESSION_PATH, PROFILE_PATH, ACCOUNTS_PATH].map((path) => ({ path, headers }));
}

/** The code a path to the customer's pay page (`/pay/{code}`) names; null for any other page. */
export function payPageCode(pathname: string): string | null {
  return /^\/pay\/([^/]+)\/?$/.exec(pathname)?.[1] ?? null;
}

/**
 * Puts a signed-in page's answers in the query cache as the portal's own queries would, parsed by the same
 * schemas. False, and nothing put, when one is missing or not what its schema expects.
 */
export function seedFirstScreen(client: QueryClient, answers: FirstScreenAnswers): boolean {
  const session = z.safeParse(sessionIdentitySchema, answers[SESSION_PATH]);
  const profile = z.safeParse(merchantProfileSchema, answers[PROFILE_PATH]);
  const accounts = z.safeParse(accountListSchema, answers[ACCOUNTS_PATH]);
  if (!session.success || !profile.success || !accounts.success) return false;
  client.setQueryData(sessionQueryKey, session.data);
  client.setQueryData(profileQueryKey(session.data.org_id), profile.data);
  client.setQueryData(accountsQueryKey(session.data.org_id), accounts.data.result);
  return true;
}
