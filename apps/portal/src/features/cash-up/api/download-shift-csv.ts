import { csvFileResponseSchema } from '@lynk/contract/batches';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { downloadBase64File } from '@/lib/download-file';
import { SHIFTS_PATH } from './get-current-shifts';

/** GET /api/payment/shifts/{id}/csv: the shift saved as a CSV file (written and neutralised by the server). */
async function downloadShiftCsv(id: string): Promise<void> {
  const { data } = await apiClient.get(`${SHIFTS_PATH}/${encodeURIComponent(id)}/csv`, csvFileResponseSchema);
  downloadBase64File(data.file_name, data.csv);
}

export function useDownloadShiftCsv() {
  return useMutation({ mutationFn: downloadShiftCsv });
}
