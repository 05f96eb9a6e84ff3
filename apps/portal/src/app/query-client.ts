import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiRequestError, isUnauthorized } from '@/lib/api-client';
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
    // A 401 from any call means the session ended: re-read it so the auth guard sends the user to sign in.
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isUnauthorized(error) && query.queryKey[0] !== sessionQueryKey[0]) {
          void client.invalidateQueries({ queryKey: sessionQueryKey });
        }
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isUnauthorized(error)) void client.invalidateQueries({ queryKey: sessionQueryKey });
      },
    }),
  });
  return client;
}
