import type { ListingQuery } from '@lynk/contract/listings';
import { transfersListSchema, type Transfer } from '@lynk/contract/transfers';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, fallbackOnFailure } from '@/lib/api-client';
import { EMPTY_PAGE, listingSearch, toListingPage, type ListingPage } from '@/lib/listing';

/** GET /api/account/v2/connected-account-transactions: the transfers history of both wallets. */
const TRANSFERS_PATH = '/api/account/v2/connected-account-transactions';

export interface TransfersQuery extends ListingQuery {
  /** The JAM-DEX wallet's history shows only its own transfers (`jam-dex-only=true`). */
  jamDexOnly: boolean;
}

function getTransfers(
  { jamDexOnly, ...listing }: TransfersQuery,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ListingPage<Transfer>> {
  return fallbackOnFailure(
    async () => {
      const response = await apiClient.get(TRANSFERS_PATH, transfersListSchema, {
        signal,
        query: { ...listingSearch(listing), 'jam-dex-only': jamDexOnly },
      });
      return toListingPage(response);
    },
    EMPTY_PAGE,
    signal,
  );
}

/** Every transfers page of an organisation: what a new transfer invalidates. */
export function transfersQueryKey(orgId: string) {
  return ['transfers', orgId] as const;
}

export function transfersPageQueryOptions(orgId: string, query: TransfersQuery) {
  return queryOptions({
    queryKey: [...transfersQueryKey(orgId), query] as const,
    queryFn: ({ signal }) => getTransfers(query, { signal }),
    // Paging keeps the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
}

export function useTransfers(orgId: string, query: TransfersQuery) {
  return useQuery(transfersPageQueryOptions(orgId, query));
}
