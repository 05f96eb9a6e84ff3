import type { Refund, RefundKind, RefundRequest } from '@lynk/contract/orders';
import { refundResponseSchema } from '@lynk/contract/orders';
import { IDEMPOTENCY_KEY_HEADER } from '@lynk/contract/session';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { IN_PROGRESS_RETRY, shouldRetryInProgress } from '@/lib/in-progress-retry';
import { balancesQueryKey } from '@/lib/get-balance';
import { ordersQueryKey } from './get-orders';
import { refundsQueryKey } from './get-refunds';

/** POST /api/payment/{m_order_id}/full-refund or /partial-refund (spec section 7). */
function refundPath(orderId: string, kind: RefundKind): string {
  return `/api/payment/${encodeURIComponent(orderId)}/${kind}-refund`;
}

interface CreateRefundVariables {
  orderId: string;
  kind: RefundKind;
  body: RefundRequest;
  idempotencyKey: string;
}

/** Sent with an `Idempotency-Key`: a replayed key gets the first answer, never a second refund. */
async function createRefund({ orderId, kind, body, idempotencyKey }: CreateRefundVariables): Promise<Refund> {
  const { data } = await apiClient.post(refundPath(orderId, kind), refundResponseSchema, {
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
  return data;
}

/**
 * A refund changes the order, the refunds listing and the main wallet's balance: all three are read
 * again (spec section 4: "On success the refund table reloads"). Not awaited, so the status modal
 * shows at once.
 */
export function useCreateRefund(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRefund,
    retry: shouldRetryInProgress,
    retryDelay: IN_PROGRESS_RETRY.delayMs,
    onSuccess: () => {
      for (const queryKey of [refundsQueryKey(orgId), ordersQueryKey(orgId), balancesQueryKey(orgId)]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
