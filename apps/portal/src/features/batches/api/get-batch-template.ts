import { csvFileResponseSchema } from '@lynk/contract/batches';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { downloadBase64File } from '@/lib/download-file';
import { BATCHES_PATH } from './get-batches';

/** GET batch-payments/template: the batch file's template ("Download template file"). */
async function downloadBatchTemplate() {
  const { data } = await apiClient.get(`${BATCHES_PATH}/template`, csvFileResponseSchema);
  downloadBase64File(data.file_name, data.csv);
}

export function useDownloadBatchTemplate() {
  return useMutation({ mutationFn: downloadBatchTemplate });
}
