import { BELL_NOTIFICATIONS_COUNT, UNREAD_NOTIFICATIONS_POLL_MS } from '@lynk/contract/constants';
import type { ListingQuery } from '@lynk/contract/listings';
import {
  notificationsListSchema,
  type Notification,
  type NotificationGroup,
} from '@lynk/contract/notifications';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiClient, fallbackOnFailure } from '@/lib/api-client';
import { EMPTY_PAGE, listingSearch, toListingPage, type ListingPage } from '@/lib/listing';

/** GET /api/profile/notifications (spec section 7): the signed-in staff member's notifications. */
export const NOTIFICATIONS_PATH = '/api/profile/notifications';

export type NotificationsQuery = ListingQuery & { group?: NotificationGroup | undefined };

function getNotifications(
  query: NotificationsQuery,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ListingPage<Notification>> {
  return fallbackOnFailure(
    async () =>
      toListingPage(
        await apiClient.get(NOTIFICATIONS_PATH, notificationsListSchema, {
          signal,
          query: { ...listingSearch(query), group: query.group },
        }),
      ),
    EMPTY_PAGE,
    signal,
  );
}

/** Every notifications query of an organisation: what reading one, or a new one arriving, invalidates. */
export function notificationsQueryKey(orgId: string) {
  return ['notifications', orgId] as const;
}

/**
 * Reads every notifications query of the organisation again, after a change or an announcement.
 * A read already on its way may have been answered before the change: it is cancelled, not joined
 * (a first read, with no answer yet, would otherwise be joined and its older count kept until the
 * next poll, two minutes away).
 */
export async function refreshNotifications(queryClient: QueryClient, orgId: string) {
  const queryKey = notificationsQueryKey(orgId);
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}

export function notificationsPageQueryOptions(orgId: string, query: NotificationsQuery) {
  return queryOptions({
    queryKey: [...notificationsQueryKey(orgId), 'page', query] as const,
    queryFn: ({ signal }) => getNotifications(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A page of the notifications page. */
export function useNotificationsPage(orgId: string, query: NotificationsQuery) {
  return useQuery(notificationsPageQueryOptions(orgId, query));
}

const LATEST: NotificationsQuery = { offset: 0, limit: BELL_NOTIFICATIONS_COUNT, sort: 'DESC' };

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
