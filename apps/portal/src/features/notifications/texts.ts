import { MESSAGES } from '@lynk/contract/messages';

export const NOTIFICATION_TEXTS = {
  title: MESSAGES.notifications.historyTitle,
  breadcrumb: MESSAGES.notifications.title,
  dashboard: MESSAGES.menu.dashboard,
  settings: MESSAGES.menu.settings,
  viewAll: MESSAGES.menu.viewAll,
  back: MESSAGES.common.back,
  /** Not in the spec: the settings page's title, the tab names and the bell's own wording. */
  settingsTitle: 'Notification Settings',
  tabsLabel: 'Notification groups',
  all: 'All',
  transaction: 'Transaction',
  batchPayment: 'Batch Payment',
  bell: MESSAGES.notifications.title,
  notifications: 'Notifications',
  notificationSettings: 'Notification settings',
  loading: MESSAGES.common.loading,
} as const;
