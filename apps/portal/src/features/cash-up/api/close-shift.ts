import { shiftDetailResponseSchema, type CloseShift, type ShiftDetail } from '@lynk/contract/shifts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { SHIFTS_PATH, shiftsQueryKey } from './get-current-shifts';

/** POST /api/payment/shifts/close: the open shift as it was shown (a second close is a 409). */
async function closeShift(body: CloseShift): Promise<ShiftDetail> {
  const { data } = await apiClient.post(`${SHIFTS_PATH}/close`, shiftDetailResponseSchema, { body });
  return data;
}

export function useCloseShift(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeShift,
    // Closed or refused as already closed: either way what is shown is out of date.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: shiftsQueryKey(orgId) }),
  });
}
