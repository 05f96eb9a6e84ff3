import { payLinkResponseSchema, type PayLink } from '@lynk/contract/orders';
import { IDEMPOTENCY_KEY_HEADER } from '@lynk/contract/session';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, isApiRequestError } from '@/lib/api-client';
import { consumerSessionQueryKey } from './get-consumer-session';
import { payLinkPath, payLinkQueryKey } from './get-pay-link';

/**
 * POST /api/payment/pay/{code}: the signed-in customer pays from their J$ wallet (consumer cookie,
 * CSRF header added by the client, `Idempotency-Key`). 200 with the link now PAID (the receipt);
 * 401 without a customer session; 409 ORDER_NOT_PAYABLE; 422 INSUFFICIENT_FUNDS.
 */
interface PayVariables {
  code: string;
  idempotencyKey: string;
}

/** The server's 409 while a request with the same key is still being processed. */
const IDEMPOTENCY_IN_PROGRESS = 'IDEMPOTENCY_IN_PROGRESS';

/** How long to wait before asking again, and how many times at most, while the key is in progress. */
const PAY_IN_PROGRESS_RETRY = { delayMs: 1000, maxRetries: 5 } as const;

export function isIdempotencyInProgress(error: unknown): boolean {
  return isApiRequestError(error) && error.status === 409 && error.code === IDEMPOTENCY_IN_PROGRESS;
}

/** As the transfer: only a first attempt still being processed is asked again, with the same key. */
function shouldRetryPay(failureCount: number, error: unknown): boolean {
  return isIdempotencyInProgress(error) && failureCount < PAY_IN_PROGRESS_RETRY.maxRetries;
}

async function payPayLink({ code, idempotencyKey }: PayVariables): Promise<PayLink> {
  const { data } = await apiClient.post(payLinkPath(code), payLinkResponseSchema, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
  return data;
}

/** A payment changes the link (now PAID) and the customer's balance; a refusal may mean either changed. */
export function usePayPayLink(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payPayLink,
    retry: shouldRetryPay,
    retryDelay: PAY_IN_PROGRESS_RETRY.delayMs,
    onSuccess: (link) => queryClient.setQueryData(payLinkQueryKey(code), link),
    onSettled: () => queryClient.invalidateQueries({ queryKey: consumerSessionQueryKey }),
  });
}
