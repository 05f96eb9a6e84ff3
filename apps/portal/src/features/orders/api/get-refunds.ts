import type { ListingQuery } from '@lynk/contract/listings';
import { refundsListSchema, type Refund } from '@lynk/contract/orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, fallbackOnFailure } from '@/lib/api-client';
import { EMPTY_PAGE, listingSearch, toListingPage, type ListingPage } from '@/lib/listing';

/** GET /api/payment/refund-transactions: the refunds the merchant issued. */
const REFUNDS_PATH = '/api/payment/refund-transactions';

function getRefunds(
  query: ListingQuery,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ListingPage<Refund>> {
  return fallbackOnFailure(
    async () =>
      toListingPage(
        await apiClient.get(REFUNDS_PATH, refundsListSchema, { signal, query: listingSearch(query) }),
      ),
    EMPTY_PAGE,
    signal,
  );
}

/** Every refunds page of an organisation: what a new refund invalidates (spec section 4, "Refund"). */
export function refundsQueryKey(orgId: string) {
  return ['refunds', orgId] as const;
}

export function refundsPageQueryOptions(orgId: string, query: ListingQuery) {
  return queryOptions({
    queryKey: [...refundsQueryKey(orgId), query] as const,
    queryFn: ({ signal }) => getRefunds(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRefunds(orgId: string, query: ListingQuery) {
  return useQuery(refundsPageQueryOptions(orgId, query));
}
