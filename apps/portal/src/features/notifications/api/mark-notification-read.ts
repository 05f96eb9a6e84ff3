import { notificationResponseSchema } from '@lynk/contract/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { NOTIFICATIONS_PATH, notificationsQueryKey } from './get-notifications';

/** PUT /api/profile/notifications/{id}/read: opening a notification marks it read (spec section 4). */
export function useMarkNotificationRead(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiClient.put(`${NOTIFICATIONS_PATH}/${id}/read`, notificationResponseSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey(orgId) }),
  });
}
