import { MESSAGES } from '@lynk/contract/messages';

/** Copy of the wallet screens. Texts the spec does not quote are marked. */

/** A wallet tab's pane while its table's code loads. */
export const TAB_PANE_TEXTS = { loading: MESSAGES.common.loading } as const;

/** Balance and limit widgets (spec section 4). */
export const WIDGET_TEXTS = {
  /** Not in the spec: the widgets' titles. */
  balance: 'Balance',
  jamdexBalance: 'JAM-DEX balance',
  daily: 'Daily',
  weekly: 'Weekly',
  limitUnavailable: 'Limit unavailable right now',
} as const;

/** The dashboard's Payment Request action (spec sections 2, 6). Not in the spec: the button's label. */
export const PAYMENT_REQUEST_BUTTON_TEXTS = {
  button: 'Payment Request',
  modalTitle: MESSAGES.paymentRequest.title,
} as const;

/** The dashboard's Create a Payment action (spec sections 2, 6: needs batch-payments create). */
export const CREATE_PAYMENT_BUTTON_TEXTS = {
  button: MESSAGES.batch.createPaymentTitle,
  modalTitle: MESSAGES.batch.createPaymentTitle,
} as const;

/** The transfer modal (spec sections 2, 5, 8). */
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
  minimumAmount: MESSAGES.transfer.minimumAmount,
  notInitiated: MESSAGES.transfer.notInitiated,
  noAccounts: MESSAGES.transfer.noAccounts,
  /** The inline check against the remaining daily limit; the server's refusal names the amount left. */
  dailyLimitExceeded: MESSAGES.transfer.dailyLimitExceeded,
} as const;

/** The transfer details modal (spec section 3, "Transfer"). */
export const TRANSFER_DETAILS_TEXTS = {
  /** Not in the spec: the title and the row labels. */
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
  tableLabel: 'Transfers History',
  failedDescription: MESSAGES.transactionStatus.transferFailedDescription,
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

/** The dashboard's report actions (spec sections 2, 6): Export needs reports-detailed read, Last Reports anyone. */
export const REPORT_BUTTON_TEXTS = {
  /** Not in the spec: the buttons' labels. */
  exportButton: 'Export',
  lastReportsButton: 'Last Reports',
  exportTitle: MESSAGES.export.preferencesTitle,
  lastReportsTitle: MESSAGES.export.lastReportsTitle,
  /** Not in the spec: "Export all", every row of a table written in the background. */
  exportAllButton: 'Export all',
  exportAllTitle: 'Export all',
} as const;
