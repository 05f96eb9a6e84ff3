import { shiftResponseSchema, type Shift } from '@lynk/contract/shifts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { SHIFTS_PATH, shiftsQueryKey } from './get-current-shifts';

/** POST /api/payment/shifts/{id}/reopen: a manager reopens a disputed shift, with a reason. */
async function reopenShift({ id, reason }: { id: string; reason: string }): Promise<Shift> {
  const { data } = await apiClient.post(
    `${SHIFTS_PATH}/${encodeURIComponent(id)}/reopen`,
    shiftResponseSchema,
    {
      body: { reason },
    },
  );
  return data;
}

export function useReopenShift(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reopenShift,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: shiftsQueryKey(orgId) }),
  });
}
