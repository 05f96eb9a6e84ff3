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

/** Copy of the step-up dialog (ADR 030; the spec has no step-up). */
export const STEP_UP_TEXTS = {
  title: 'Confirm it’s you',
  body: 'Moving money needs a recent confirmation. A small window opens where you enter the code from your authenticator app (or your password if you have no authenticator). What you entered here stays as it is.',
  waiting: 'Waiting for you to confirm in the other window…',
  open: 'Continue',
  reopen: 'Open the window again',
  cancel: 'Cancel',
  close: 'Close',
} as const;
