import { csvFileResponseSchema } from '@lynk/contract/batches';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { downloadBase64File } from '@/lib/download-file';
import { batchPath } from './get-batch';

/** GET batch-payments/{id}/receipt: a processed batch's receipt.csv (spec section 4). */
async function downloadBatchReceipt(id: number) {
  const { data } = await apiClient.get(`${batchPath(id)}/receipt`, csvFileResponseSchema);
  downloadBase64File(data.file_name, data.csv);
}

export function useDownloadBatchReceipt() {
  return useMutation({ mutationFn: downloadBatchReceipt });
}
