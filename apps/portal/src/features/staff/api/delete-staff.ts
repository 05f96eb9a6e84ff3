import { staffDeletedSchema } from '@lynk/contract/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { STAFF_PATH, staffQueryKey } from './get-staff';

/** DELETE v3/staff/{id}. */
function deleteStaff(id: number): Promise<{ id: number }> {
  return apiClient.delete(`${STAFF_PATH}/${id}`, staffDeletedSchema);
}

export function useDeleteStaff(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStaff,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: staffQueryKey(orgId) }),
  });
}
