import { NOTIFICATION_GROUPS, type NotificationGroup } from '@lynk/contract/notifications';
import { NOTIFICATION_TEXTS } from './texts';

/** Spec section 2, "Notifications": tabs from the third path segment; a hyphen becomes an underscore for the group. */
export const NOTIFICATION_TABS = [
  { value: 'all', label: NOTIFICATION_TEXTS.all },
  { value: 'transaction', label: NOTIFICATION_TEXTS.transaction },
  { value: 'batch-payment', label: NOTIFICATION_TEXTS.batchPayment },
] as const;

export type NotificationTab = (typeof NOTIFICATION_TABS)[number]['value'];

/** The list's group filter: `all` means no group; otherwise upper case with underscores. */
export function notificationGroup(tab: NotificationTab): NotificationGroup | undefined {
  const group = tab.replace(/-/g, '_').toUpperCase();
  return NOTIFICATION_GROUPS.find((known) => known === group);
}
