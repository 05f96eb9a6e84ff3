import { MESSAGES } from '@lynk/contract/messages';

/**
 * User-facing texts of the portal shell. Texts the spec quotes come from the contract's catalogue
 * (`@lynk/contract/messages`), never retyped; the rest are the shell's own wording, marked "not in
 * the spec". Components never retype these strings.
 */

export const AUTH_TEXTS = {
  loading: MESSAGES.common.loading,
  redirecting: MESSAGES.common.redirecting,
  /** Not in the spec: the session could not be read for another reason than a missing sign-in. */
  sessionUnavailable: 'We could not check your sign-in right now. Please try again.',
} as const;

export const ACCESS_DENIED_TEXT = MESSAGES.auth.accessDenied;

export const NOT_FOUND_TEXTS = {
  title: MESSAGES.notFound.title,
  backToDashboard: MESSAGES.notFound.backToDashboard,
  backToLogin: MESSAGES.notFound.backToLogin,
  /** Not in the spec: a line under the heading. */
  body: "The page you are looking for doesn't exist or you don't have access to it.",
} as const;

export const BUILDING_TEXT = MESSAGES.common.building;

export const LOGOUT_TEXTS = {
  modalKey: 'logout-user',
  title: MESSAGES.logout.title,
  body: MESSAGES.logout.subtitle,
  cancel: MESSAGES.common.cancel,
  confirm: MESSAGES.logout.confirm,
  /** Not in the spec: the logout call failed. */
  failed: 'We could not log you out. Please try again.',
} as const;

export const MENU_TEXTS = {
  myProfile: MESSAGES.menu.myProfile,
  staff: MESSAGES.menu.staff,
  customerSupport: MESSAGES.menu.customerSupport,
  logout: MESSAGES.menu.logout,
  notifications: 'Notifications',
  dashboard: MESSAGES.menu.dashboard,
  myWallets: 'My wallets',
  quickAccess: 'Quick Access',
  jamdexQuickAccess: 'JAM-DEX Quick Access',
  myAccount: 'My Account',
  mainWallet: 'Main wallet',
  jamdex: 'JAM-DEX',
  /** Not in the spec: accessible names of header controls. */
  toggleNavigation: 'Toggle navigation',
  profileMenu: 'Profile menu',
  walletSwitch: 'Wallet',
  home: 'Lynk Merchant Portal home',
  sideMenu: 'Side menu',
  skipToContent: 'Skip to main content',
  corporate: 'Corporate',
} as const;

export const WALLET_TEXTS = {
  mainWalletTitle: 'Main wallet',
  jamdexWalletTitle: 'JAM-DEX wallet',
  tabsLabel: 'Wallet sections',
  orders: 'Orders',
  payments: 'Payments',
  transfersHistory: 'Transfers History',
  refunds: 'Refunds',
  paymentHistory: 'Payment History',
  reviewBatch: 'Review Batch',
} as const;

/** Not in the spec: the arrows of a tab bar paged on smartphones. */
export const TAB_TEXTS = {
  previousTabs: 'Previous tabs',
  nextTabs: 'Next tabs',
} as const;

/** Not in the spec: a cell whose value the server withheld (a branch balance without balance read). */
export const NO_VALUE = '—';

/** Balance and limit widgets (spec section 4). Texts the spec does not quote are marked. */
export const WIDGET_TEXTS = {
  /** Not in the spec: the widget row's name and its scroll buttons. */
  carouselLabel: 'Wallet overview',
  previous: 'Previous widgets',
  next: 'Next widgets',
  balance: 'Balance',
  jamdexBalance: 'JAM-DEX balance',
  combinedBalance: 'Combined balance',
  /** "hidden shows masked stars with the currency" */
  masked: 'J$ ****',
  showBalance: 'Show balance',
  hideBalance: 'Hide balance',
  daily: 'Daily',
  weekly: 'Weekly',
  used: (used: string, limit: string) => `${used} of ${limit} used`,
  limitUnavailable: 'Limit unavailable right now',
  percentUsed: (label: string) => `${label} limit used`,
} as const;

/** The transfer modal (spec sections 2, 5, 8). Texts the spec does not quote are marked. */
export const TRANSFER_TEXTS = {
  /** Not in the spec: button, title, field labels and field errors. */
  button: 'Transfer',
  title: 'Transfer',
  subtitle: 'Move money between your wallets and linked accounts.',
  from: 'From',
  to: 'To',
  amount: 'Amount',
  choose: 'Choose an account',
  submit: 'Confirm transfer',
  cancel: MESSAGES.common.cancel,
  fromRequired: 'Please choose the account to transfer from.',
  toRequired: 'Please choose the account to transfer to.',
  amountRequired: 'Please enter an amount.',
  amountInvalid: 'Please enter an amount with at most two decimals.',
  notInitiated: MESSAGES.transfer.notInitiated,
  noAccounts: MESSAGES.transfer.noAccounts,
  /** The inline check against the remaining daily limit; the server's refusal names the amount left. */
  dailyLimitExceeded: MESSAGES.transfer.dailyLimitExceeded,
} as const;

/** The transfer details modal and the transfers history columns (spec section 3). */
export const TRANSFER_DETAILS_TEXTS = {
  /** Not in the spec: titles and column headers. */
  title: 'Transfer details',
  transferId: 'Transfer ID',
  from: 'From',
  to: 'To',
  date: 'Date',
  total: 'Total',
  commission: 'Commission',
  gct: 'GCT',
  type: 'Type',
  status: 'Status',
  reason: 'Reason',
  failedDescription: MESSAGES.transactionStatus.transferFailedDescription,
  tableLabel: 'Transfers History',
} as const;

/** JAM-DEX payments received (spec section 3: Payment). Not in the spec: the column headers. */
export const CBDC_PAYMENT_TEXTS = {
  tableLabel: 'Payments',
  id: 'Payment ID',
  date: 'Date',
  from: 'From',
  amount: 'Amount',
  status: 'Status',
} as const;

export const TRANSACTION_STATUS_TEXTS = {
  ...MESSAGES.transactionStatus,
  returnToDashboard: MESSAGES.common.returnToDashboard,
  yes: MESSAGES.common.yes,
  nevermind: MESSAGES.common.nevermind,
  /** Not quoted by the spec: the batch-failure variant's title. */
  batchFailureTitle: MESSAGES.common.somethingWentWrong,
} as const;

export const CORPORATE_TEXTS = {
  branchAccounts: 'Branch Accounts',
  merchantId: 'Merchant ID',
  name: 'Name',
  organisationId: 'Organisation ID',
  launch: 'Launch',
  actions: 'Actions',
  balance: 'Balance (JMD)',
  tabsLabel: 'Corporate sections',
} as const;

export const STAFF_TEXTS = {
  title: 'Staff',
  back: 'Back',
} as const;

export const NOTIFICATION_TEXTS = {
  title: 'Notifications History',
  breadcrumb: 'Notifications',
  settings: 'Settings',
  settingsTitle: 'Notification Settings',
  tabsLabel: 'Notification groups',
  all: 'All',
  transaction: 'Transaction',
  batchPayment: 'Batch Payment',
  back: 'Back',
} as const;

export const PROFILE_TEXTS = {
  title: 'My Profile',
  business: 'Business details',
  merchant: 'Merchant',
  walletId: 'Wallet ID',
  organisationId: 'Organisation ID',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
  category: 'Category',
  description: 'Description',
  /** Spec section 3: description shows "N/A" if empty. */
  notAvailable: 'N/A',
  user: 'Your account',
  displayName: 'Display name',
  role: 'Role',
} as const;

export const SUPPORT_TEXTS = {
  title: 'Customer Support',
  intro:
    'Need help with your merchant account, a payment or a refund? Our support team is here to help. Send us an email with your merchant name and, where it applies, the order or transfer ID, and we will get back to you.',
  emailLabel: 'Email',
  email: 'support@lynk.us',
} as const;

export const ERROR_TEXTS = {
  /** Spec section 8: "Wallet info failure". */
  walletInfo: MESSAGES.transfer.walletInfoFailed,
  /** Not in the spec. */
  tryAgain: 'Try again',
  /** Not in the spec: an unexpected error in a page. */
  unexpected: 'Something went wrong while showing this page.',
  reload: 'Reload the page',
} as const;
