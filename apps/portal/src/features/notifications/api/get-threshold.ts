import { lowBalanceThresholdSchema } from '@lynk/contract/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** The profile root (spec section 7): read here for its low-balance threshold only. */
export const PROFILE_ROOT_PATH = '/api/profile';

async function getThreshold({ signal }: { signal?: AbortSignal } = {}): Promise<number> {
  // The profile carries more; the settings page needs only the threshold (the schema strips the rest).
  return (await apiClient.get(PROFILE_ROOT_PATH, lowBalanceThresholdSchema, { signal }))
    .low_balance_threshold;
}

export function thresholdQueryKey(orgId: string) {
  return ['notification-settings', orgId, 'threshold'] as const;
}

export function useThreshold(orgId: string) {
  return useQuery(
    queryOptions({
      queryKey: thresholdQueryKey(orgId),
      queryFn: ({ signal }) => getThreshold({ signal }),
    }),
  );
}
