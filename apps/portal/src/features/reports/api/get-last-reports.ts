import { lastReportsResponseSchema, type BackgroundExport, type Report } from '@lynk/contract/reporting';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /api/reporting/v2/transfers/exports: the signed-in user's last 5 reports, newest first. */
export const LAST_REPORTS_PATH = '/api/reporting/v2/transfers/exports';

/** The spec's reports, and beside them the user's "Export all" files with their progress. */
interface LastReports {
  reports: Report[];
  exports: BackgroundExport[];
}

async function getLastReports({ signal }: { signal?: AbortSignal } = {}): Promise<LastReports> {
  const body = await apiClient.get(LAST_REPORTS_PATH, lastReportsResponseSchema, { signal });
  return { reports: body.result, exports: body.exports ?? [] };
}

export function lastReportsQueryKey(orgId: string) {
  return ['last-reports', orgId] as const;
}

/** How often the list is read again while an export is being written: its progress moves. */
const PROGRESS_POLL_MS = 2000;

const inProgress = (data: LastReports | undefined) =>
  Boolean(data?.exports.some((file) => file.status === 'QUEUED' || file.status === 'RUNNING'));

function lastReportsQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: lastReportsQueryKey(orgId),
    queryFn: ({ signal }) => getLastReports({ signal }),
    refetchInterval: (query) => (inProgress(query.state.data) ? PROGRESS_POLL_MS : false),
  });
}

export function useLastReports(orgId: string) {
  return useQuery(lastReportsQueryOptions(orgId));
}
