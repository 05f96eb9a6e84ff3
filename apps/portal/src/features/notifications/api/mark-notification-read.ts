import { notificationResponseSchema, type Notification } from '@lynk/contract/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { NOTIFICATIONS_PATH, refreshNotifications } from './get-notifications';

/** PUT /api/profile/notifications/{id}/read: opening a notification marks it read (spec section 4). */
async function markNotificationRead(id: number): Promise<Notification> {
  return (await apiClient.put(`${NOTIFICATIONS_PATH}/${id}/read`, notificationResponseSchema)).data;
}

export function useMarkNotificationRead(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSettled: () => refreshNotifications(queryClient, orgId),
  });
}
