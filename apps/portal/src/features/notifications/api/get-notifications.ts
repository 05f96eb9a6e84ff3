import { BELL_NOTIFICATIONS_COUNT, UNREAD_NOTIFICATIONS_POLL_MS } from '@lynk/contract/constants';
import type { ListingQuery } from '@lynk/contract/listings';
import { notificationsListSchema, unreadCountSchema, type Notification } from '@lynk/contract/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, fallbackOnFailure } from '@/lib/api-client';
import { EMPTY_PAGE, listingSearch, toListingPage, type ListingPage } from '@/lib/listing';

/** GET /api/profile/notifications (spec section 7): the signed-in staff member's notifications. */
export const NOTIFICATIONS_PATH = '/api/profile/notifications';

export function getNotifications(
  query: ListingQuery,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ListingPage<Notification>> {
  return fallbackOnFailure(
    async () =>
      toListingPage(
        await apiClient.get(NOTIFICATIONS_PATH, notificationsListSchema, {
          signal,
          query: listingSearch(query),
        }),
      ),
    EMPTY_PAGE,
    signal,
  );
}

/** Every notifications query of an organisation: what reading one invalidates. */
export function notificationsQueryKey(orgId: string) {
  return ['notifications', orgId] as const;
}

const LATEST: ListingQuery = { offset: 0, limit: BELL_NOTIFICATIONS_COUNT, sort: 'DESC' };

/** The bell's latest notifications, read again with the unread count (spec section 9). */
export function useLatestNotifications(orgId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...notificationsQueryKey(orgId), 'latest'] as const,
      queryFn: ({ signal }) => getNotifications(LATEST, { signal }),
      refetchInterval: UNREAD_NOTIFICATIONS_POLL_MS,
    }),
  );
}

/** GET /api/profile/notifications/unread-count, polled every 2 minutes (spec section 4). */
export function useUnreadCount(orgId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...notificationsQueryKey(orgId), 'unread-count'] as const,
      queryFn: ({ signal }) =>
        fallbackOnFailure(
          async () =>
            (await apiClient.get(`${NOTIFICATIONS_PATH}/unread-count`, unreadCountSchema, { signal }))
              .unread_count,
          0,
          signal,
        ),
      refetchInterval: UNREAD_NOTIFICATIONS_POLL_MS,
    }),
  );
}
