import { batchResponseSchema, type Batch, type RejectBatch } from '@lynk/contract/batches';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { batchPath } from './get-batch';
import { batchesQueryKey } from './get-batches';

/** POST batch-payments/{id}/reject with an optional reason of at most 45 characters. */
async function rejectBatch({ id, body }: { id: number; body: RejectBatch }): Promise<Batch> {
  const { data } = await apiClient.post(`${batchPath(id)}/reject`, batchResponseSchema, { body });
  return data;
}

export function useRejectBatch(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectBatch,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: batchesQueryKey(orgId) }),
  });
}
