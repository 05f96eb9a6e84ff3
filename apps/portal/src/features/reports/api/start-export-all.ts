import {
  backgroundExportResponseSchema,
  type BackgroundExport,
  type BackgroundExportRequest,
} from '@lynk/contract/reporting';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { lastReportsQueryKey } from './get-last-reports';

/** POST /api/reporting/v2/exports/all: starts writing a listing's rows in the background. */
const EXPORT_ALL_PATH = '/api/reporting/v2/exports/all';

async function startExportAll(body: BackgroundExportRequest): Promise<BackgroundExport> {
  return (await apiClient.post(EXPORT_ALL_PATH, backgroundExportResponseSchema, { body })).result;
}

export function useStartExportAll(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startExportAll,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: lastReportsQueryKey(orgId) }),
  });
}
