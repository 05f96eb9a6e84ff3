import type { ListingQuery } from '@lynk/contract/listings';
import { cbdcPaymentsListSchema, type CbdcPayment } from '@lynk/contract/transfers';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, fallbackOnFailure } from '@/lib/api-client';
import { EMPTY_PAGE, listingSearch, toListingPage, type ListingPage } from '@/lib/listing';

/**
 * GET /api/account/v1/accounts/{accountID}/payments: JAM-DEX payments received. The placeholder is
 * the CBDC account's `details.account_id` (spec section 7), not its numeric id.
 */
function cbdcPaymentsPath(cbdcAccountRef: string): string {
  return `/api/account/v1/accounts/${encodeURIComponent(cbdcAccountRef)}/payments`;
}

function getCbdcPayments(
  cbdcAccountRef: string,
  query: ListingQuery,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ListingPage<CbdcPayment>> {
  return fallbackOnFailure(
    async () => {
      const response = await apiClient.get(cbdcPaymentsPath(cbdcAccountRef), cbdcPaymentsListSchema, {
        signal,
        query: listingSearch(query),
      });
      return toListingPage(response);
    },
    EMPTY_PAGE,
    signal,
  );
}

function cbdcPaymentsQueryKey(orgId: string) {
  return ['cbdc-payments', orgId] as const;
}

export function cbdcPaymentsPageQueryOptions(orgId: string, cbdcAccountRef: string, query: ListingQuery) {
  return queryOptions({
    queryKey: [...cbdcPaymentsQueryKey(orgId), cbdcAccountRef, query] as const,
    queryFn: ({ signal }) => getCbdcPayments(cbdcAccountRef, query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Without a CBDC account there is nothing to ask for. */
export function useCbdcPayments(orgId: string, cbdcAccountRef: string, query: ListingQuery) {
  return useQuery({
    ...cbdcPaymentsPageQueryOptions(orgId, cbdcAccountRef, query),
    enabled: cbdcAccountRef !== '',
  });
}
