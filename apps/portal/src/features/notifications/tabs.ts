/**
 * Spec section 2, "Notifications": tabs from the third path segment. Their names are here, apart
 * from the rest of the notifications' copy (texts.ts): the router builds the tab routes from this
 * list before any notification screen loads, so it travels in the first page's script.
 */
export const NOTIFICATION_TABS = [
  { value: 'all', label: 'All' },
  { value: 'transaction', label: 'Transaction' },
  { value: 'batch-payment', label: 'Batch Payment' },
] as const;

export type NotificationTab = (typeof NOTIFICATION_TABS)[number]['value'];
