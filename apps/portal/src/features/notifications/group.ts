import { NOTIFICATION_GROUPS, type NotificationGroup } from '@lynk/contract/notifications';
import type { NotificationTab } from './tabs';

/** The list's group filter: `all` means no group; otherwise upper case with underscores. */
export function notificationGroup(tab: NotificationTab): NotificationGroup | undefined {
  const group = tab.replace(/-/g, '_').toUpperCase();
  return NOTIFICATION_GROUPS.find((known) => known === group);
}
