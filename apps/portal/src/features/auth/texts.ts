import { MESSAGES } from '@lynk/contract/messages';

/** Copy of sign-in and logout. Texts the spec does not quote are marked. */
export const LOGOUT_TEXTS = {
  title: MESSAGES.logout.title,
  body: MESSAGES.logout.subtitle,
  cancel: MESSAGES.common.cancel,
  confirm: MESSAGES.logout.confirm,
  /** Not in the spec: the logout call failed. */
  failed: 'We could not log you out. Please try again.',
} as const;
