import { rolesResponseSchema, type Role } from '@lynk/contract/staff';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /v2/roles (spec section 7): the roles a staff member can be given. */
const ROLES_PATH = '/api/profile/v2/roles';

async function getRoles({ signal }: { signal?: AbortSignal } = {}): Promise<Role[]> {
  const { result } = await apiClient.get(ROLES_PATH, rolesResponseSchema, { signal });
  return result;
}

function rolesQueryOptions() {
  return queryOptions({
    queryKey: ['staff-roles'] as const,
    queryFn: ({ signal }) => getRoles({ signal }),
    // Roles change with a release, not while the page is open.
    staleTime: 60 * 60 * 1000,
  });
}

export function useRoles() {
  return useQuery(rolesQueryOptions());
}
