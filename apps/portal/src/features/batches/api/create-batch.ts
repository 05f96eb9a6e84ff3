import { createBatchResponseSchema, type CreateBatch } from '@lynk/contract/batches';
import { IDEMPOTENCY_KEY_HEADER } from '@lynk/contract/session';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { IN_PROGRESS_RETRY, shouldRetryInProgress } from '@/lib/in-progress-retry';
import { BATCHES_PATH, batchesQueryKey } from './get-batches';

interface CreateBatchVariables {
  body: CreateBatch;
  idempotencyKey: string;
}

/**
 * POST /api/payment/batch-payments: the file as base64 with the batch's name. Sent with an
 * `Idempotency-Key`, so a retried upload after a lost answer makes one batch, not two.
 */
async function createBatch({ body, idempotencyKey }: CreateBatchVariables): Promise<number> {
  const { data } = await apiClient.post(BATCHES_PATH, createBatchResponseSchema, {
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
  return data.id;
}

export function useCreateBatch(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBatch,
    retry: shouldRetryInProgress,
    retryDelay: IN_PROGRESS_RETRY.delayMs,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: batchesQueryKey(orgId) }),
  });
}
