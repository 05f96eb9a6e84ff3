import type { CreatePaymentRequest, PaymentRequest } from '@lynk/contract/orders';
import { paymentRequestSchema } from '@lynk/contract/orders';
import { IDEMPOTENCY_KEY_HEADER } from '@lynk/contract/session';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiClient } from '@/lib/api-client';
import { IN_PROGRESS_RETRY, shouldRetryInProgress } from '@/lib/in-progress-retry';
import { ordersQueryKey } from './get-orders';

/** POST /api/payment/customer-transactions: a payment request, answered with its pay link. */
const PAYMENT_REQUESTS_PATH = '/api/payment/customer-transactions';

const responseSchema = z.object({ data: paymentRequestSchema });

interface CreatePaymentRequestVariables {
  body: CreatePaymentRequest;
  idempotencyKey: string;
}

async function createPaymentRequest({
  body,
  idempotencyKey,
}: CreatePaymentRequestVariables): Promise<PaymentRequest> {
  const { data } = await apiClient.post(PAYMENT_REQUESTS_PATH, responseSchema, {
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
  return data;
}

/** A new request is a new order awaiting payment: the orders listing is read again. */
export function useCreatePaymentRequest(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPaymentRequest,
    retry: shouldRetryInProgress,
    retryDelay: IN_PROGRESS_RETRY.delayMs,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ordersQueryKey(orgId) }),
  });
}
