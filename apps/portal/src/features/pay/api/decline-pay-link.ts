import { payLinkResponseSchema, type PayLink } from '@lynk/contract/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { payLinkPath, payLinkQueryKey } from './get-pay-link';

/**
 * POST /api/payment/pay/{code}/decline: the signed-in customer declines the request (consumer
 * cookie, CSRF header added by the client). 200 with the link now REJECTED; 409 ORDER_NOT_PAYABLE.
 */
function declinePath(code: string): string {
  return `${payLinkPath(code)}/decline`;
}

async function declinePayLink(code: string): Promise<PayLink> {
  const { data } = await apiClient.post(declinePath(code), payLinkResponseSchema);
  return data;
}

export function useDeclinePayLink(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => declinePayLink(code),
    onSuccess: (link) => queryClient.setQueryData(payLinkQueryKey(code), link),
  });
}
