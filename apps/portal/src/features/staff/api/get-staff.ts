import type { ListingQuery } from '@lynk/contract/listings';
import { staffListSchema, type StaffMember } from '@lynk/contract/staff';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, fallbackOnFailure } from '@/lib/api-client';
import { EMPTY_PAGE, toListingPage, type ListingPage } from '@/lib/listing';

/** GET v3/staff (spec section 7): the merchant's staff, a page at a time; no sort is sent. */
export const STAFF_PATH = '/api/profile/v3/staff';

function getStaff(
  query: Pick<ListingQuery, 'offset' | 'limit'>,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ListingPage<StaffMember>> {
  return fallbackOnFailure(
    async () =>
      toListingPage(
        await apiClient.get(STAFF_PATH, staffListSchema, {
          signal,
          query: { offset: query.offset, limit: query.limit },
        }),
      ),
    EMPTY_PAGE,
    signal,
  );
}

/** Every staff page of an organisation: what a staff change invalidates. */
export function staffQueryKey(orgId: string) {
  return ['staff', orgId] as const;
}

export function staffPageQueryOptions(orgId: string, query: Pick<ListingQuery, 'offset' | 'limit'>) {
  return queryOptions({
    queryKey: [...staffQueryKey(orgId), 'list', query.offset, query.limit] as const,
    queryFn: ({ signal }) => getStaff(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useStaff(orgId: string, query: Pick<ListingQuery, 'offset' | 'limit'>) {
  return useQuery(staffPageQueryOptions(orgId, query));
}
