import { IDEMPOTENCY_KEY_HEADER } from '@lynk/contract/session';
import type { CreateTransfer, Transfer } from '@lynk/contract/transfers';
import { transferResponseSchema } from '@lynk/contract/transfers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, isApiRequestError } from '@/lib/api-client';
import { balancesQueryKey } from '@/lib/get-balance';
import { limitsQueryKey } from '@/lib/limits-query-key';
import { transfersQueryKey } from './get-transfers';

/**
 * POST /api/account/v1/accounts/{mainWalletId}/transfers with an `Idempotency-Key`: the server
 * answers a replayed key with the stored result, so retrying after a lost answer never moves the
 * money twice.
 */
export function transfersPath(mainWalletId: number): string {
  return `/api/account/v1/accounts/${mainWalletId}/transfers`;
}

export interface CreateTransferVariables {
  mainWalletId: number;
  body: CreateTransfer;
  idempotencyKey: string;
}

/** The server's 409 while a request with the same key is still being processed. */
const IDEMPOTENCY_IN_PROGRESS = 'IDEMPOTENCY_IN_PROGRESS';

/** How long to wait before asking again, and how many times at most, while the key is in progress. */
export const IN_PROGRESS_RETRY = { delayMs: 1000, maxRetries: 5 } as const;

export function isIdempotencyInProgress(error: unknown): boolean {
  return isApiRequestError(error) && error.status === 409 && error.code === IDEMPOTENCY_IN_PROGRESS;
}

/**
 * A 409 `IDEMPOTENCY_IN_PROGRESS` means the first request with this key (an earlier attempt whose
 * answer was lost) is still being processed: not a failure. The same request, same key, is sent
 * again after a second, up to five times, until the server replays the first request's answer.
 * Nothing else is retried here: the modal lets the user decide (with the same key).
 */
export function shouldRetryTransfer(failureCount: number, error: unknown): boolean {
  return isIdempotencyInProgress(error) && failureCount < IN_PROGRESS_RETRY.maxRetries;
}

export async function createTransfer({
  mainWalletId,
  body,
  idempotencyKey,
}: CreateTransferVariables): Promise<Transfer> {
  const { data } = await apiClient.post(transfersPath(mainWalletId), transferResponseSchema, {
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
  return data;
}

/**
 * A transfer changes balances, limits and the history: all three are read again. Not awaited, so
 * the status modal shows at once rather than after the refetches.
 */
export function useCreateTransfer(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTransfer,
    retry: shouldRetryTransfer,
    retryDelay: IN_PROGRESS_RETRY.delayMs,
    onSuccess: () => {
      for (const queryKey of [balancesQueryKey(orgId), limitsQueryKey(orgId), transfersQueryKey(orgId)]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
