import { shiftsListSchema, type Shift } from '@lynk/contract/shifts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, fallbackOnFailure } from '@/lib/api-client';
import { EMPTY_PAGE, toListingPage, type ListingPage } from '@/lib/listing';
import { SHIFTS_PATH, shiftsQueryKey } from './get-current-shifts';

export interface ShiftsPageQuery {
  offset: number;
  limit: number;
  cashierId?: number | undefined;
}

/** GET /api/payment/shifts: closed shifts, newest first. */
function getShifts(
  query: ShiftsPageQuery,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ListingPage<Shift>> {
  return fallbackOnFailure(
    async () =>
      toListingPage(
        await apiClient.get(SHIFTS_PATH, shiftsListSchema, {
          signal,
          query: { offset: query.offset, limit: query.limit, cashier_id: query.cashierId },
        }),
      ),
    EMPTY_PAGE,
    signal,
  );
}

function shiftsPageQueryOptions(orgId: string, query: ShiftsPageQuery) {
  return queryOptions({
    queryKey: [...shiftsQueryKey(orgId), 'list', query] as const,
    queryFn: ({ signal }) => getShifts(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useShifts(orgId: string, query: ShiftsPageQuery, { enabled = true } = {}) {
  return useQuery({ ...shiftsPageQueryOptions(orgId, query), enabled });
}
