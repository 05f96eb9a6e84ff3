import { batchResponseSchema, type Batch } from '@lynk/contract/batches';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { batchPath } from './get-batch';
import { batchesQueryKey } from './get-batches';

/** POST batch-payments/{id}/request: a validated batch goes to the admins for approval. */
async function requestApproval(id: number): Promise<Batch> {
  const { data } = await apiClient.post(`${batchPath(id)}/request`, batchResponseSchema);
  return data;
}

export function useRequestApproval(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestApproval,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: batchesQueryKey(orgId) }),
  });
}
