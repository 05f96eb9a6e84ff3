import { limitResponseSchema, type Limit } from '@lynk/contract/accounts';
import { limitPeriod } from '@lynk/contract/statuses';
import { queryOptions, skipToken, useQuery, type SkipToken } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { limitsQueryKey } from '@/lib/limits-query-key';

/**
 * GET /api/account/v1/accounts/{walletId}/limits?period=2&transfer_type=MBATCH → `{ data: Limit }`:
 * the main wallet's weekly batch limit and what remains of it this week, in cents (spec section 7).
 * The key is the wallet's limit widgets' own, so an approval's refresh of the limits reaches it.
 */
async function getWeeklyBatchLimit(
  walletId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Limit> {
  const { data } = await apiClient.get(`/api/account/v1/accounts/${walletId}/limits`, limitResponseSchema, {
    signal,
    query: { period: limitPeriod('MBATCH'), transfer_type: 'MBATCH' },
  });
  return data;
}

/** Read afresh for each Confirm Payment screen: the warning is about this week's remainder now. */
function weeklyBatchLimitQueryOptions(orgId: string, walletId: number | SkipToken) {
  return queryOptions({
    queryKey: [...limitsQueryKey(orgId), walletId === skipToken ? 'none' : walletId, 'MBATCH'] as const,
    queryFn: walletId === skipToken ? skipToken : ({ signal }) => getWeeklyBatchLimit(walletId, { signal }),
    staleTime: 0,
  });
}

export function useWeeklyBatchLimit(orgId: string, walletId: number | SkipToken) {
  return useQuery(weeklyBatchLimitQueryOptions(orgId, walletId));
}
