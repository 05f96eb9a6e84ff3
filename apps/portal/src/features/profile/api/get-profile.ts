import { merchantProfileSchema, type MerchantProfile } from '@lynk/contract/profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /api/profile: the merchant profile of the session's organisation. */
export const PROFILE_PATH = '/api/profile';

function getProfile({ signal }: { signal?: AbortSignal } = {}): Promise<MerchantProfile> {
  return apiClient.get(PROFILE_PATH, merchantProfileSchema, { signal });
}

/** Keyed by organisation: a session belongs to one organisation and switching re-authorizes. */
export function profileQueryKey(orgId: string) {
  return ['profile', orgId] as const;
}

export function profileQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: profileQueryKey(orgId),
    queryFn: ({ signal }) => getProfile({ signal }),
    staleTime: 5 * 60_000,
  });
}

export function useProfile(orgId: string) {
  return useQuery(profileQueryOptions(orgId));
}
