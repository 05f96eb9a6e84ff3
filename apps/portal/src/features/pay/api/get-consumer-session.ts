import { consumerResponseSchema, type Consumer } from '@lynk/contract/consumer';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, isUnauthorized } from '@/lib/api-client';

/**
 * GET /api/consumer-auth/session: the signed-in customer (their own cookie, never the staff one),
 * or 401 when nobody is. A 401 is read as `null` here, so it never reaches the query cache's
 * staff-session handling.
 */
export const CONSUMER_SESSION_PATH = '/api/consumer-auth/session';

export async function getConsumerSession({
  signal,
}: { signal?: AbortSignal } = {}): Promise<Consumer | null> {
  try {
    const { data } = await apiClient.get(CONSUMER_SESSION_PATH, consumerResponseSchema, { signal });
    return data;
  } catch (error) {
    if (isUnauthorized(error)) return null;
    throw error;
  }
}

export const consumerSessionQueryKey = ['consumer-session'] as const;

export function consumerSessionQueryOptions({ enabled = true }: { enabled?: boolean } = {}) {
  return queryOptions({
    queryKey: consumerSessionQueryKey,
    queryFn: ({ signal }) => getConsumerSession({ signal }),
    enabled,
    staleTime: 15_000,
  });
}

export function useConsumerSession(options: { enabled?: boolean } = {}) {
  return useQuery(consumerSessionQueryOptions(options));
}
