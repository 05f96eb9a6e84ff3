import { exportResponseSchema } from '@lynk/contract/reporting';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { downloadBase64File } from '@/lib/download-file';
import { LAST_REPORTS_PATH } from './get-last-reports';

/** GET /api/reporting/v2/transfers/exports/{id}/csv: one of the user's last reports, saved again. */
async function downloadReport(id: string): Promise<void> {
  const { result } = await apiClient.get(
    `${LAST_REPORTS_PATH}/${encodeURIComponent(id)}/csv`,
    exportResponseSchema,
  );
  downloadBase64File(result.report.file_name, result.base64File);
}

export function useDownloadReport() {
  return useMutation({ mutationFn: downloadReport });
}
