import { staffMemberSchema, type StaffMember, type UpdateStaff } from '@lynk/contract/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { STAFF_PATH, staffQueryKey } from './get-staff';

/** PATCH v3/staff/{id}: the member's display name, role, QR setting and status. */
function updateStaff({ id, body }: { id: number; body: UpdateStaff }): Promise<StaffMember> {
  return apiClient.patch(`${STAFF_PATH}/${id}`, staffMemberSchema, { body });
}

export function useUpdateStaff(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStaff,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: staffQueryKey(orgId) }),
  });
}
