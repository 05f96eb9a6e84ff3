import { consumerSessionResponseSchema, type Consumer } from '@lynk/contract/consumer';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * GET /api/consumer-auth/session: the signed-in customer (their own cookie, never the staff one),
 * or `null` when nobody is: an answer, not an error, so it never reaches the query cache's
 * staff-session handling nor a customer's console.
 */
export const CONSUMER_SESSION_PATH = '/api/consumer-auth/session';

async function getConsumerSession({ signal }: { signal?: AbortSignal } = {}): Promise<Consumer | null> {
  const { data } = await apiClient.get(CONSUMER_SESSION_PATH, consumerSessionResponseSchema, { signal });
  return data;
}

export const consumerSessionQueryKey = ['consumer-session'] as const;

function consumerSessionQueryOptions({ enabled = true }: { enabled?: boolean } = {}) {
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
