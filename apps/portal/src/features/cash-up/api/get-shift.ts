import { shiftDetailResponseSchema, type ShiftDetail } from '@lynk/contract/shifts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { SHIFTS_PATH, shiftsQueryKey } from './get-current-shifts';

/** GET /api/payment/shifts/{id}: one closed shift with its payments and refunds. */
async function getShift(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<ShiftDetail> {
  const { data } = await apiClient.get(
    `${SHIFTS_PATH}/${encodeURIComponent(id)}`,
    shiftDetailResponseSchema,
    {
      signal,
    },
  );
  return data;
}

function shiftQueryOptions(orgId: string, id: string) {
  return queryOptions({
    queryKey: [...shiftsQueryKey(orgId), 'one', id] as const,
    queryFn: ({ signal }) => getShift(id, { signal }),
    retry: false,
  });
}

export function useShift(orgId: string, id: string) {
  return useQuery(shiftQueryOptions(orgId, id));
}
