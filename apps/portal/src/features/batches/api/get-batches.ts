import { batchesListSchema, type Batch } from '@lynk/contract/batches';
import type { ListingQuery } from '@lynk/contract/listings';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, fallbackOnFailure } from '@/lib/api-client';
import { EMPTY_PAGE, listingSearch, toListingPage, type ListingPage } from '@/lib/listing';

/** GET /api/payment/batch-payments: the merchant's batches (the Payment History tab). */
export const BATCHES_PATH = '/api/payment/batch-payments';

function getBatches(
  query: ListingQuery,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ListingPage<Batch>> {
  return fallbackOnFailure(
    async () =>
      toListingPage(
        await apiClient.get(BATCHES_PATH, batchesListSchema, { signal, query: listingSearch(query) }),
      ),
    EMPTY_PAGE,
    signal,
  );
}

/** Every batches page and every single batch of an organisation: what a batch's change invalidates. */
export function batchesQueryKey(orgId: string) {
  return ['batches', orgId] as const;
}

export function batchesPageQueryOptions(orgId: string, query: ListingQuery) {
  return queryOptions({
    queryKey: [...batchesQueryKey(orgId), 'list', query] as const,
    queryFn: ({ signal }) => getBatches(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBatches(orgId: string, query: ListingQuery) {
  return useQuery(batchesPageQueryOptions(orgId, query));
}
