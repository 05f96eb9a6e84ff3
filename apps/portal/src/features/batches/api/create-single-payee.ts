import { singlePayeeResponseSchema, type SinglePayee } from '@lynk/contract/batches';
import { IDEMPOTENCY_KEY_HEADER } from '@lynk/contract/session';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, ApiRequestError, CLIENT_ERROR_CODES } from '@/lib/api-client';
import { IN_PROGRESS_RETRY, shouldRetryInProgress } from '@/lib/in-progress-retry';
import { BATCHES_PATH, batchesQueryKey } from './get-batches';

interface CreateSinglePayeeVariables {
  body: SinglePayee;
  idempotencyKey: string;
}

/**
 * POST /api/payment/batch-payments/single-payee: a one-payee batch (amount in cents); the answer's
 * first payee carries the new batch's id (spec section 7).
 */
async function createSinglePayee({ body, idempotencyKey }: CreateSinglePayeeVariables): Promise<number> {
  const { payees } = await apiClient.post(`${BATCHES_PATH}/single-payee`, singlePayeeResponseSchema, {
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
  const first = payees[0];
  if (!first) {
    throw new ApiRequestError({
      status: 200,
      code: CLIENT_ERROR_CODES.invalidResponse,
      message: 'The single payment came back without its batch',
    });
  }
  return first.batch_id;
}

export function useCreateSinglePayee(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSinglePayee,
    retry: shouldRetryInProgress,
    retryDelay: IN_PROGRESS_RETRY.delayMs,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: batchesQueryKey(orgId) }),
  });
}
