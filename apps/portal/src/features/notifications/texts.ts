import { MESSAGES } from '@lynk/contract/messages';

/** More than this many unread show as "99+". */
const BADGE_MAX = 99;

/** The bell's badge: the unread count, "99+" beyond 99. */
export function unreadBadge(unread: number): string {
  return unread > BADGE_MAX ? `${BADGE_MAX}+` : String(unread);
}

export const NOTIFICATION_TEXTS = {
  title: MESSAGES.notifications.historyTitle,
  breadcrumb: MESSAGES.notifications.title,
  dashboard: MESSAGES.menu.dashboard,
  settings: MESSAGES.menu.settings,
  viewAll: MESSAGES.menu.viewAll,
  back: MESSAGES.common.back,
  markAllAsRead: MESSAGES.notifications.markAllAsRead,
  reviewPayment: MESSAGES.notifications.reviewPayment,
  returnToDashboard: MESSAGES.common.returnToDashboard,
  settingsFailed: MESSAGES.notifications.settingsFailed,
  keepEditing: MESSAGES.notifications.keepEditing,
  discardChanges: MESSAGES.notifications.discardChanges,
  loading: MESSAGES.common.loading,
  bell: MESSAGES.notifications.title,
  /** Not in the spec: the settings page's title and texts and the bell's own wording (the tab names are in tabs.ts). */
  settingsTitle: 'Notification Settings',
  tabsLabel: 'Notification groups',
  none: 'No notifications yet.',
  unreadSuffix: ' (unread)',
  unread: 'Unread',
  bellLabel: (unread: number) =>
    unread > 0 ? `Notifications, ${unreadBadge(unread)} unread` : MESSAGES.notifications.title,
  listLabel: 'Notifications',
  notificationColumn: 'Notification',
  dateColumn: 'Date',
  preferencesTitle: 'Notify me about',
  preferencesHint: 'Each notification is switched on or off for everyone in this branch.',
  preferenceLocked: 'Only a user who sees all of these notifications can switch them for everyone.',
  thresholdTitle: 'Low balance alert',
  thresholdLabel: 'Low balance threshold (J$)',
  thresholdHint:
    'You are notified when the main wallet balance falls below this amount. 0 turns the alert off.',
  thresholdWhole: 'The low balance threshold must be a whole number.',
  thresholdLocked: 'Only a user who may update the profile can change the low balance threshold.',
  save: 'Save',
  leaveTitle: 'You have unsaved changes',
  leaveBody: 'If you leave this page now, your changes to the notification settings will be lost.',
} as const;
