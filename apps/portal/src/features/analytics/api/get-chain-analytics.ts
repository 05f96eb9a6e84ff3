import { chainAnalyticsSchema, type ChainAnalytics } from '@lynk/contract/analytics';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiClient } from '@/lib/api-client';
import type { AnalyticsRange } from '../period';
import { ANALYTICS_PATH, LIVE } from './get-analytics';

const chainAnalyticsResponseSchema = z.object({ data: chainAnalyticsSchema });

/** GET /api/payment/analytics/chain: a parent organisation's figures as a whole and by branch. */
async function getChainAnalytics(
  range: AnalyticsRange,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ChainAnalytics> {
  const { data } = await apiClient.get(`${ANALYTICS_PATH}/chain`, chainAnalyticsResponseSchema, {
    signal,
    query: { from: range.from, to: range.to },
  });
  return data;
}

function chainAnalyticsQueryOptions(orgId: string, range: AnalyticsRange, live: boolean) {
  return queryOptions({
    ...(live ? LIVE : {}),
    queryKey: ['analytics', orgId, 'chain', range.from, range.to] as const,
    queryFn: ({ signal }) => getChainAnalytics(range, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useChainAnalytics(
  orgId: string,
  range: AnalyticsRange,
  { enabled = true, live = false } = {},
) {
  return useQuery({ ...chainAnalyticsQueryOptions(orgId, range, live), enabled });
}
