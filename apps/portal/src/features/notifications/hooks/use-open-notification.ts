import type { Notification } from '@lynk/contract/notifications';
import { useCallback } from 'react';
import { openModal } from '@/lib/modal-registry';
import { useOrganization } from '@/lib/organization';
import { useMarkNotificationRead } from '../api/mark-notification-read';

/**
 * Opening a notification, from the bell or the notifications page (spec section 2): an unread one
 * is marked read first, then its details modal shows (also when marking failed: the details are
 * already here, and it stays unread to be opened again).
 */
export function useOpenNotification(): (notification: Notification) => void {
  const { orgId } = useOrganization();
  const { mutate: markRead } = useMarkNotificationRead(orgId);
  // Stable: the notifications table rebuilds its columns when its row opener changes.
  return useCallback(
    (notification) => {
      const show = () =>
        openModal(
          'notification-details',
          { notification: { ...notification, read: true } },
          { title: notification.title },
        );
      if (notification.read) show();
      else markRead(notification.id, { onSettled: show });
    },
    [markRead],
  );
}
