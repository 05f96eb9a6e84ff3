import { consumerSessionResponseSchema } from '@lynk/contract/consumer';
import { payLinkCodeSchema, payLinkResponseSchema } from '@lynk/contract/orders';
import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { CONSUMER_SESSION_PATH, consumerSessionQueryKey } from './api/get-consumer-session';
import { payLinkPath, payLinkQueryKey } from './api/get-pay-link';

/**
 * The pay page's first screen rendered on the server (ADR 038), for anyone who opens it: the
 * link and who is signed in (nobody, usually) are all it needs, so the customer sees the request
 * and the sign-in form as soon as the page arrives, not after the portal's scripts and two calls.
 * Its parsers come with the page's own chunk, not the shell every page loads.
 */

/** The calls the pay page of `code` makes first; none for a code that cannot be a link's. */
export function payFirstScreenRequests(
  code: string,
): Array<{ path: string; headers: Record<string, string> }> {
  if (!payLinkCodeSchema.safeParse(code).success) return [];
  return [payLinkPath(code), CONSUMER_SESSION_PATH].map((path) => ({ path, headers: {} }));
}

/**
 * Puts the answers in the query cache as the pay page's own queries would, parsed by the same
 * schemas. False, and nothing put, when one is missing or not what its schema expects.
 */
export function seedPayFirstScreen(
  client: QueryClient,
  code: string,
  answers: Record<string, unknown>,
): boolean {
  const link = z.safeParse(payLinkResponseSchema, answers[payLinkPath(code)]);
  const session = z.safeParse(consumerSessionResponseSchema, answers[CONSUMER_SESSION_PATH]);
  if (!link.success || !session.success) return false;
  client.setQueryData(payLinkQueryKey(code), link.data.data);
  client.setQueryData(consumerSessionQueryKey, session.data.data);
  return true;
}
