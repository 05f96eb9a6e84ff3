import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiRequestError, isSessionLost } from '@/lib/api-client';
import { sessionQueryKey } from '@/features/auth/api/get-session';

/** Client errors (4xx) are answers, not hiccups: only network and server failures are retried. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiRequestError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
    // A 401 from any call means the session ended, a 409 ORG_MISMATCH that another tab moved it to
    // another organization: re-read it, and the auth guard signs in or re-authorizes this page's.
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isSessionLost(error) && query.queryKey[0] !== sessionQueryKey[0]) {
          void client.invalidateQueries({ queryKey: sessionQueryKey });
        }
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isSessionLost(error)) void client.invalidateQueries({ queryKey: sessionQueryKey });
      },
    }),
  });
  return client;
}
