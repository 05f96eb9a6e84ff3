import { UNREAD_NOTIFICATIONS_POLL_MS } from '@lynk/contract/constants';
import { unreadCountSchema } from '@lynk/contract/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, fallbackOnFailure } from '@/lib/api-client';
import { NOTIFICATIONS_PATH, notificationsQueryKey } from './get-notifications';

/** GET /api/profile/notifications/unread-count; 0 when it cannot be read. */
function getUnreadCount({ signal }: { signal?: AbortSignal } = {}): Promise<number> {
  return fallbackOnFailure(
    async () =>
      (await apiClient.get(`${NOTIFICATIONS_PATH}/unread-count`, unreadCountSchema, { signal })).unread_count,
    0,
    signal,
  );
}

/** Polled every 2 minutes (spec sections 4 and 9); a pushed event reads it at once. */
export function useUnreadCount(orgId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...notificationsQueryKey(orgId), 'unread-count'] as const,
      queryFn: ({ signal }) => getUnreadCount({ signal }),
      refetchInterval: UNREAD_NOTIFICATIONS_POLL_MS,
    }),
  );
}
