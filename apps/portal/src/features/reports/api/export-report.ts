import { exportResponseSchema, type ExportRequest, type ExportResponse } from '@lynk/contract/reporting';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { lastReportsQueryKey } from './get-last-reports';

/** POST /api/reporting/v2/transfers/exports/csv: a wallet's report for a range, as base64 CSV. */
const EXPORT_PATH = '/api/reporting/v2/transfers/exports/csv';

async function exportReport(body: ExportRequest): Promise<ExportResponse['result']> {
  return (await apiClient.post(EXPORT_PATH, exportResponseSchema, { body })).result;
}

/** Never retried: the server refuses the same request the same way (range, entry limit). */
export function useExportReport(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exportReport,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: lastReportsQueryKey(orgId) }),
  });
}
