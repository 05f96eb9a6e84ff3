import type { ListingQuery } from '@lynk/contract/listings';
import { ordersListSchema, type Order } from '@lynk/contract/orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, fallbackOnFailure } from '@/lib/api-client';
import { EMPTY_PAGE, listingSearch, toListingPage, type ListingPage } from '@/lib/listing';

/** GET /api/payment/customer-transactions: the merchant's orders (a cashier's own, server-side). */
const ORDERS_PATH = '/api/payment/customer-transactions';

function getOrders(
  query: ListingQuery,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ListingPage<Order>> {
  return fallbackOnFailure(
    async () =>
      toListingPage(
        await apiClient.get(ORDERS_PATH, ordersListSchema, { signal, query: listingSearch(query) }),
      ),
    EMPTY_PAGE,
    signal,
  );
}

/** Every orders page of an organisation: what a refund invalidates. */
export function ordersQueryKey(orgId: string) {
  return ['orders', orgId] as const;
}

export function ordersPageQueryOptions(orgId: string, query: ListingQuery) {
  return queryOptions({
    queryKey: [...ordersQueryKey(orgId), query] as const,
    queryFn: ({ signal }) => getOrders(query, { signal }),
    // Paging keeps the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
}

export function useOrders(orgId: string, query: ListingQuery) {
  return useQuery(ordersPageQueryOptions(orgId, query));
}
