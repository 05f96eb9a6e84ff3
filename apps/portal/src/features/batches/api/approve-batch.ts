import { batchResponseSchema, type ApproveBatch, type Batch } from '@lynk/contract/batches';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { balancesQueryKey } from '@/lib/get-balance';
import { batchPath } from './get-batch';
import { batchesQueryKey } from './get-batches';

/**
 * POST batch-payments/{id}/approve from a source of funds of the branch. The server refuses it
 * over the weekly limit or above the main wallet's balance, with the spec's texts.
 */
async function approveBatch({ id, body }: { id: number; body: ApproveBatch }): Promise<Batch> {
  const { data } = await apiClient.post(`${batchPath(id)}/approve`, batchResponseSchema, { body });
  return data;
}

/** Approval starts the payments: the history and the balances are read again. */
export function useApproveBatch(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveBatch,
    onSuccess: () => {
      for (const queryKey of [batchesQueryKey(orgId), balancesQueryKey(orgId)]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
