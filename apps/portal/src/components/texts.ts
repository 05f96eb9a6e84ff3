import { MESSAGES } from '@lynk/contract/messages';

/** Copy of the shared components. Texts the spec does not quote are marked. */

export const ACCESS_DENIED_TEXTS = {
  title: MESSAGES.auth.accessDeniedTitle,
  body: MESSAGES.auth.accessDenied,
} as const;

export const NOT_FOUND_TEXTS = {
  title: MESSAGES.notFound.title,
  backToDashboard: MESSAGES.notFound.backToDashboard,
  backToLogin: MESSAGES.notFound.backToLogin,
  /** Not in the spec: a line under the heading. */
  body: "The page you are looking for doesn't exist or you don't have access to it.",
} as const;

/** Not in the spec: the button of a failed load. */
export const ERROR_STATE_TEXTS = { tryAgain: 'Try again' } as const;

/** Not in the spec: the arrows of a tab bar paged on smartphones. */
export const TAB_TEXTS = { previousTabs: 'Previous tabs', nextTabs: 'Next tabs' } as const;

/** Balance card (spec section 4, "Balance widget"): hidden it shows masked stars with the currency. */
export const BALANCE_TEXTS = {
  masked: 'J$ ****',
  /** Not in the spec: the eye toggle's names and a value the server withheld. */
  showBalance: 'Show balance',
  hideBalance: 'Hide balance',
  noValue: '—',
} as const;

/** Not in the spec: the widget row's name and its scroll buttons. */
export const CAROUSEL_TEXTS = {
  label: 'Wallet overview',
  previous: 'Previous widgets',
  next: 'Next widgets',
} as const;

export const LIMIT_BAR_TEXTS = {
  /** Not in the spec: the bar's accessible name. */
  percentUsed: (label: string) => `${label} limit used`,
  /** Not in the spec: a widget's usage line. */
  used: (used: string, limit: string) => `${used} of ${limit} used`,
} as const;

export const MODAL_TEXTS = {
  close: MESSAGES.common.close,
  /** Not in the spec: the loading overlay's name. */
  working: 'Working...',
} as const;

export const TRANSACTION_STATUS_TEXTS = {
  successTitle: MESSAGES.transactionStatus.successTitle,
  pendingTitle: MESSAGES.transactionStatus.pendingTitle,
  pendingSubtitle: MESSAGES.transactionStatus.pendingSubtitle,
  failureTitle: MESSAGES.transactionStatus.failureTitle,
  failureSubtitle: MESSAGES.transactionStatus.failureSubtitle,
  batchFailureSubtitle: MESSAGES.transactionStatus.batchFailureSubtitle,
  confirmTitle: MESSAGES.transactionStatus.confirmTitle,
  returnToDashboard: MESSAGES.common.returnToDashboard,
  yes: MESSAGES.common.yes,
  nevermind: MESSAGES.common.nevermind,
  /** Not quoted by the spec: the batch-failure variant's title. */
  batchFailureTitle: MESSAGES.common.somethingWentWrong,
} as const;

/** QR downloads (spec sections 2, 6, 8, 9). */
export const QR_TEXTS = {
  copied: MESSAGES.qr.copied,
  generated: MESSAGES.qr.generated,
  generatedCbdc: MESSAGES.qr.generatedCbdc,
  fileSaved: MESSAGES.qr.fileSaved,
  downloadFailed: MESSAGES.qr.downloadFailed,
  /** Not in the spec: the menu's button and items, and the JAM-DEX heading on the image. */
  button: 'QR Code',
  download: 'Download QR Code',
  copyLink: 'Copy QR Code link',
  copyFailed: 'The QR Code link could not be copied. Please try again.',
  previewFailed: 'Your QR code could not be shown right now. Please try again later.',
  previewAlt: (whose: string) => `QR code of ${whose}`,
  jamDexHeading: (merchant: string) => `${merchant} – JAM-DEX`,
} as const;
