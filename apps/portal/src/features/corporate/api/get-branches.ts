import { childrenSchema, type Branch } from '@lynk/contract/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, fallbackOnFailure } from '@/lib/api-client';

/** GET /api/account/v1/accounts/children: the branches of a parent organisation. */
const BRANCHES_PATH = '/api/account/v1/accounts/children';

/** Spec section 7: "On failure an empty list" (a lost session still surfaces, to sign in again). */
function getBranches({ signal }: { signal?: AbortSignal } = {}): Promise<Branch[]> {
  return fallbackOnFailure(
    async () => (await apiClient.get(BRANCHES_PATH, childrenSchema, { signal })).children,
    [],
    signal,
  );
}

function branchesQueryKey(orgId: string) {
  return ['accounts', orgId, 'children'] as const;
}

function branchesQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: branchesQueryKey(orgId),
    queryFn: ({ signal }) => getBranches({ signal }),
    staleTime: 60_000,
  });
}

export function useBranches(orgId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...branchesQueryOptions(orgId), enabled });
}
