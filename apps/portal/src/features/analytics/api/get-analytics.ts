import { analyticsSchema, type Analytics } from '@lynk/contract/analytics';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiClient } from '@/lib/api-client';
import type { AnalyticsRange } from '../period';

export const ANALYTICS_PATH = '/api/payment/analytics';

/**
 * A period that includes today is still being written: asked again whenever the page opens and
 * every minute while it is open (`live`), so a payment just taken shows without a reload.
 */
export const LIVE = { staleTime: 0, refetchInterval: 60_000 } as const;

const analyticsResponseSchema = z.object({ data: analyticsSchema });

/** GET /api/payment/analytics: the caller's merchant's figures for a period and the one before. */
async function getAnalytics(
  range: AnalyticsRange,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Analytics> {
  const { data } = await apiClient.get(ANALYTICS_PATH, analyticsResponseSchema, {
    signal,
    query: { from: range.from, to: range.to },
  });
  return data;
}

function analyticsQueryOptions(orgId: string, range: AnalyticsRange, live: boolean) {
  return queryOptions({
    ...(live ? LIVE : {}),
    queryKey: ['analytics', orgId, 'merchant', range.from, range.to] as const,
    queryFn: ({ signal }) => getAnalytics(range, { signal }),
    // Another period keeps the figures on screen (dimmed) until its own arrive.
    placeholderData: keepPreviousData,
  });
}

export function useAnalytics(orgId: string, range: AnalyticsRange, { enabled = true, live = false } = {}) {
  return useQuery({ ...analyticsQueryOptions(orgId, range, live), enabled });
}
