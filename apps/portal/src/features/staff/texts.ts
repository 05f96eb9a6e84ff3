import { MESSAGES } from '@lynk/contract/messages';

export const STAFF_TEXTS = {
  title: MESSAGES.staff.title,
  back: MESSAGES.common.back,
  dashboard: MESSAGES.menu.dashboard,
  /** Not in the spec: the staff table has not landed yet. */
  staffList: 'Staff lists',
} as const;
