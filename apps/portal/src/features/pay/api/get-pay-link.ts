import { payLinkResponseSchema, type PayLink } from '@lynk/contract/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /api/payment/pay/{code}: public, the link's merchant, amount, note and status. */
export function payLinkPath(code: string): string {
  return `/api/payment/pay/${encodeURIComponent(code)}`;
}

async function getPayLink(code: string, { signal }: { signal?: AbortSignal } = {}): Promise<PayLink> {
  const { data } = await apiClient.get(payLinkPath(code), payLinkResponseSchema, { signal });
  return data;
}

export function payLinkQueryKey(code: string) {
  return ['pay-link', code] as const;
}

function payLinkQueryOptions(code: string) {
  return queryOptions({
    queryKey: payLinkQueryKey(code),
    queryFn: ({ signal }) => getPayLink(code, { signal }),
  });
}

export function usePayLink(code: string) {
  return useQuery(payLinkQueryOptions(code));
}
