import { TWO_FACTOR_STATUS_PATH, twoFactorStatusSchema, type TwoFactorStatus } from '@lynk/contract/step-up';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /api/session/two-factor: whether the user signs in with a second factor (ADR 030). */
function getTwoFactorStatus({ signal }: { signal?: AbortSignal } = {}): Promise<TwoFactorStatus> {
  return apiClient.get(TWO_FACTOR_STATUS_PATH, twoFactorStatusSchema, { signal });
}

function twoFactorStatusQueryOptions() {
  return queryOptions({
    queryKey: ['session', 'two-factor'] as const,
    queryFn: ({ signal }) => getTwoFactorStatus({ signal }),
  });
}

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQueryOptions());
}
