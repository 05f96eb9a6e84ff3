import { lastReportsResponseSchema, type Report } from '@lynk/contract/reporting';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /api/reporting/v2/transfers/exports: the signed-in user's last 5 reports, newest first. */
export const LAST_REPORTS_PATH = '/api/reporting/v2/transfers/exports';

async function getLastReports({ signal }: { signal?: AbortSignal } = {}): Promise<Report[]> {
  return (await apiClient.get(LAST_REPORTS_PATH, lastReportsResponseSchema, { signal })).result;
}

export function lastReportsQueryKey(orgId: string) {
  return ['last-reports', orgId] as const;
}

function lastReportsQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: lastReportsQueryKey(orgId),
    queryFn: ({ signal }) => getLastReports({ signal }),
  });
}

export function useLastReports(orgId: string) {
  return useQuery(lastReportsQueryOptions(orgId));
}
