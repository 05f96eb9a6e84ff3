import { csvFileResponseSchema } from '@lynk/contract/batches';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { downloadBase64File } from '@/lib/download-file';
import { batchPath } from './get-batch';

/**
 * GET batch-payments/{id}/csv?include_errors=true|false: the batch's rows as the API kept them
 * ("Review batch upload"), or with each row's error (the error log of an INVALID_PAYEE batch).
 */
async function downloadBatchCsv({ id, includeErrors }: { id: number; includeErrors: boolean }) {
  const { data } = await apiClient.get(`${batchPath(id)}/csv`, csvFileResponseSchema, {
    query: { include_errors: includeErrors },
  });
  downloadBase64File(data.file_name, data.csv);
}

export function useDownloadBatchCsv() {
  return useMutation({ mutationFn: downloadBatchCsv });
}
