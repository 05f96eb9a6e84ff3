import type { Notification } from '@lynk/contract/notifications';
import { useOrganisation } from '@/lib/organisation';
import { useLatestNotifications, useUnreadCount } from '../api/get-notifications';

/** What the bell shows: still loading, or the latest notifications and the unread count. */
export type BellFeed =
  { status: 'loading' } | { status: 'ready'; latest: readonly Notification[]; unread: number };

/**
 * The bell's feed: the latest `BELL_NOTIFICATIONS_COUNT` notifications and the unread count, both
 * read again every `UNREAD_NOTIFICATIONS_POLL_MS` (the contract's constants). A failed read shows
 * no notifications rather than an error (spec section 7: a list loader's failure is an empty list).
 */
export function useBellFeed(): BellFeed {
  const { orgId } = useOrganisation();
  const latest = useLatestNotifications(orgId);
  const unread = useUnreadCount(orgId);
  if (!latest.data || unread.data === undefined) return { status: 'loading' };
  return { status: 'ready', latest: latest.data.rows, unread: unread.data };
}
