import { currentShiftsResponseSchema, type Shift } from '@lynk/contract/shifts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** Every query of the cash-up pages starts with this key: a close or reopen refreshes them all. */
export const shiftsQueryKey = (orgId: string) => ['shifts', orgId] as const;

export const SHIFTS_PATH = '/api/payment/shifts';

/** GET /api/payment/shifts/current: the open shift's running totals (a manager: every cashier's). */
async function getCurrentShifts({ signal }: { signal?: AbortSignal } = {}): Promise<Shift[]> {
  const { result } = await apiClient.get(`${SHIFTS_PATH}/current`, currentShiftsResponseSchema, { signal });
  return result;
}

function currentShiftsQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: [...shiftsQueryKey(orgId), 'current'] as const,
    queryFn: ({ signal }) => getCurrentShifts({ signal }),
    // Running totals: asked again every half minute while the page is open.
    refetchInterval: 30_000,
  });
}

export function useCurrentShifts(orgId: string, { enabled = true } = {}) {
  return useQuery({ ...currentShiftsQueryOptions(orgId), enabled });
}
