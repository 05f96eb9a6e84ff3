import type { CreateTransfer, Transfer } from '@lynk/contract/transfers';
import { transferResponseSchema } from '@lynk/contract/transfers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
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

export async function createTransfer({
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
