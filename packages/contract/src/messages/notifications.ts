export const notifications = {
  title: 'Notifications',
  historyTitle: 'Notifications History',
  markAllAsRead: 'Mark All As Read',
  reviewPayment: 'Review Payment',
  settingsFailed: 'There was an error, please contact support.',
  keepEditing: 'Keep Editing',
  discardChanges: 'Discard Changes',
} as const;
