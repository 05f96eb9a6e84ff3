import { staffMemberSchema, type CreateStaff, type StaffMember } from '@lynk/contract/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { STAFF_PATH, staffQueryKey } from './get-staff';

/** POST v3/staff: registers a staff member; the server emails them an activation link. */
function createStaff(body: CreateStaff): Promise<StaffMember> {
  return apiClient.post(STAFF_PATH, staffMemberSchema, { body });
}

export function useCreateStaff(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStaff,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: staffQueryKey(orgId) }),
  });
}
