import type { BackgroundExport } from '@lynk/contract/reporting';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { downloadBlob } from '@/lib/download-file';

/**
 * GET /api/reporting/v2/exports/all/{id}/csv: a ready "Export all" file, saved under its name. The
 * server sends it gzip-encoded; the browser inflates it as it arrives.
 */
async function downloadExportAll(file: BackgroundExport): Promise<void> {
  const blob = await apiClient.getBlob(`/api/reporting/v2/exports/all/${encodeURIComponent(file.id)}/csv`);
  downloadBlob(file.file_name, blob);
}

export function useDownloadExportAll() {
  return useMutation({ mutationFn: downloadExportAll });
}
