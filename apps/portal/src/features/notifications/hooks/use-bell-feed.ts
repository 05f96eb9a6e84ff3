import type { Notification } from '@lynk/contract/notifications';
import { useOrganization } from '@/lib/organization';
import { useLatestNotifications } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useNotificationStream } from '../api/notification-stream';

/** What the bell shows: still loading, or the latest notifications and the unread count. */
export type BellFeed =
  { status: 'loading' } | { status: 'ready'; latest: readonly Notification[]; unread: number };

/**
 * The bell's feed: the latest `BELL_NOTIFICATIONS_COUNT` notifications and the unread count, read
 * again on each pushed event and every `UNREAD_NOTIFICATIONS_POLL_MS` regardless. A failed read
 * shows no notifications rather than an error (spec section 7: a list loader's failure is empty).
 */
export function useBellFeed(): BellFeed {
  const { orgId } = useOrganization();
  useNotificationStream(orgId);
  const latest = useLatestNotifications(orgId);
  const unread = useUnreadCount(orgId);
  if (!latest.data || unread.data === undefined) return { status: 'loading' };
  return { status: 'ready', latest: latest.data.rows, unread: unread.data };
}
