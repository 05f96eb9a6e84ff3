import { unreadCountSchema } from '@lynk/contract/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { NOTIFICATIONS_PATH, refreshNotifications } from './get-notifications';

/** PUT /api/profile/notifications/read-all: every notification the caller sees, read for them. */
async function markAllRead(): Promise<number> {
  return (await apiClient.put(`${NOTIFICATIONS_PATH}/read-all`, unreadCountSchema)).unread_count;
}

export function useMarkAllRead(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllRead,
    onSettled: () => refreshNotifications(queryClient, orgId),
  });
}
