import { sessionIdentitySchema, type SessionIdentity } from '@lynk/contract/session';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /api/session: the signed-in identity, or 401 when nobody is signed in. */
export const SESSION_PATH = '/api/session';

function getSession({ signal }: { signal?: AbortSignal } = {}): Promise<SessionIdentity> {
  return apiClient.get(SESSION_PATH, sessionIdentitySchema, { signal });
}

export const sessionQueryKey = ['session'] as const;

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getSession({ signal }),
    // A 401 is an answer ("not signed in"), not a failure to retry.
    retry: false,
    staleTime: 60_000,
  });
}

export function useSession() {
  return useQuery(sessionQueryOptions());
}
