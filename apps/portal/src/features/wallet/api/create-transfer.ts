import type { CreateTransfer, Transfer } from '@lynk/contract/transfers';
import { transferResponseSchema } from '@lynk/contract/transfers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, isApiRequestError } from '@/lib/api-client';
import { balancesQueryKey } from './get-balance';
import { limitsQueryKey } from './get-limit';
import { transfersQueryKey } from './get-transfers';

/**
 * POST /api/account/v1/accounts/{mainWalletId}/transfers with an `Idempotency-Key`: the server
 * answers a replayed key with the stored result, so retrying after a lost answer never moves the
 * money twice.
 */
export function transfersPath(mainWalletId: number): string {
  return `/api/account/v1/accounts/${mainWalletId}/transfers`;
}

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export interface CreateTransferVariables {
  mainWalletId: number;
  body: CreateTransfer;
  idempotencyKey: string;
}

/** The server's 409 while a request with the same key is still being processed. */
export const IDEMPOTENCY_IN_PROGRESS = 'IDEMPOTENCY_IN_PROGRESS';

/** How long to wait before asking again, and how many times at most, while the key is in progress. */
export const IN_PROGRESS_RETRY = { delayMs: 1000, maxRetries: 5 } as const;

export function isIdempotencyInProgress(error: unknown): boolean {
  return isApiRequestError(error) && error.status === 409 && error.code === IDEMPOTENCY_IN_PROGRESS;
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function postTransfer({
  mainWalletId,
  body,
  idempotencyKey,
}: CreateTransferVariables): Promise<Transfer> {
  const { data } = await apiClient.post(transfersPath(mainWalletId), transferResponseSchema, {
    body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
  return data;
}

/**
 * Sends the transfer. A 409 `IDEMPOTENCY_IN_PROGRESS` means the first request with this key (an
 * earlier attempt whose answer was lost) is still being processed: not a failure. The same
 * request, same key, is sent again after a second, up to `IN_PROGRESS_RETRY.maxRetries` times,
 * until the server replays the first request's answer. Still in progress after that, the 409 is
 * thrown for the caller to offer a retry.
 */
export async function createTransfer(variables: CreateTransferVariables): Promise<Transfer> {
  for (let retries = 0; ; retries += 1) {
    try {
      return await postTransfer(variables);
    } catch (error) {
      if (!isIdempotencyInProgress(error) || retries >= IN_PROGRESS_RETRY.maxRetries) throw error;
      await wait(IN_PROGRESS_RETRY.delayMs);
    }
  }
}

/**
 * A transfer changes balances, limits and the history: all three are read again. Not awaited, so
 * the status modal shows at once rather than after the refetches.
 */
export function useCreateTransfer(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTransfer,
    onSuccess: () => {
      for (const queryKey of [balancesQueryKey(orgId), limitsQueryKey(orgId), transfersQueryKey(orgId)]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
