import { BATCH_NAME_MAX_LENGTH, REJECT_REASON_MAX_LENGTH } from '@lynk/contract/constants';
import { MESSAGES, PRODUCT_MESSAGES } from '@lynk/contract/messages';

/** Copy of the batch and single payment screens. Texts the spec does not quote are marked. */

/** What every batch screen and modal shows while it waits. */
export const BATCH_COMMON_TEXTS = { loading: MESSAGES.common.loading } as const;

/** The Payment History tab (spec sections 3 and 4, "Batch statuses"). */
export const HISTORY_TEXTS = {
  /** Not in the spec: the table's name and headers. */
  tableLabel: 'Payment History',
  id: 'Batch ID',
  name: 'Name',
  status: 'Status',
  createdBy: 'Created by',
  createdAt: 'Date',
  total: 'Total',
  actions: 'Actions',
  reviewBatch: MESSAGES.batch.reviewBatch,
  receipt: MESSAGES.batch.receipt,
  /** Not in the spec: the accessible names of a row's buttons. */
  reviewBatchOf: (id: number) => `${MESSAGES.batch.reviewBatch} ${id}`,
  receiptOf: (id: number) => `${MESSAGES.batch.receipt} of batch ${id}`,
  /** Not in the spec: a receipt that could not be downloaded. */
  receiptFailed: 'The receipt could not be downloaded. Please try again.',
} as const;

/** The Create a Payment chooser (spec section 2). */
export const CREATE_PAYMENT_TEXTS = {
  title: MESSAGES.batch.createPaymentTitle,
  /** Not in the spec: the subtitle, the choices' labels and descriptions and the choice group's name. */
  subtitle: 'How would you like to pay?',
  choiceLabel: 'Payment type',
  batch: 'Batch payment',
  batchDescription: 'Pay many recipients at once from a CSV file.',
  single: 'Single payment',
  singleDescription: 'Pay one wallet user or merchant by their Lynk ID.',
  next: MESSAGES.common.next,
  cancel: MESSAGES.common.cancel,
} as const;

/** The upload batch payment modal (spec sections 2, 4, 5, 8). */
export const UPLOAD_TEXTS = {
  title: MESSAGES.batch.uploadTitle,
  confirmTitle: MESSAGES.batch.confirmTitle,
  fileLabel: MESSAGES.batch.fileLabel,
  nameLabel: MESSAGES.batch.nameLabel,
  downloadTemplate: MESSAGES.batch.downloadTemplate,
  wrongFileType: MESSAGES.batch.wrongFileType,
  fileTooLarge: MESSAGES.batch.fileTooLarge,
  errorLog: MESSAGES.batch.errorLog,
  notInitiated: MESSAGES.transfer.notInitiated,
  technicalProblems: MESSAGES.common.technicalProblems,
  /** Not in the spec: the drop area's lines, the progress bars' names and the buttons of step 1. */
  dropHere: 'Drag a CSV file here or click to choose one',
  dropHint: 'CSV only, up to 20 MB',
  chosenFile: (name: string) => `Chosen file: ${name}`,
  nameTooLong: `The batch name may have at most ${BATCH_NAME_MAX_LENGTH} characters.`,
  fileRequired: 'Please choose a CSV file.',
  upload: 'Upload',
  uploading: 'Uploading file',
  validating: 'Checking payees',
  rowsChecked: (checked: number, total: number) => `${checked} of ${total} rows checked`,
  errorLogLink: 'Download the error log',
  tryAnotherFile: 'Upload another file',
  nameCounter: (length: number, max: number) => `${length}/${max} characters`,
  downloadFailed: 'The file could not be downloaded. Please try again.',
  cancel: MESSAGES.common.cancel,
  cancelConfirmYes: MESSAGES.common.yes,
  cancelConfirmNevermind: MESSAGES.common.nevermind,
} as const;

/** The Confirm Payment screen (spec section 2) and what follows its actions (section 4). */
export const CONFIRM_TEXTS = {
  title: MESSAGES.batch.confirmTitle,
  subtitle: MESSAGES.batch.confirmSubtitle,
  reviewDownload: MESSAGES.batch.reviewDownload,
  checkbox: MESSAGES.batch.confirmCheckbox,
  approveAndContinue: MESSAGES.batch.approveAndContinue,
  requestApproval: MESSAGES.batch.requestApproval,
  reject: MESSAGES.batch.reject,
  resumeLater: MESSAGES.batch.resumeLater,
  sentForApprovalTitle: MESSAGES.batch.sentForApprovalTitle,
  sentForApproval: MESSAGES.batch.sentForApproval,
  loadFailedTitle: MESSAGES.batch.loadFailedTitle,
  loadFailed: MESSAGES.batch.loadFailed,
  weeklyLimit: MESSAGES.batch.weeklyLimitNonAdmin,
  weeklyLimitAdmin: MESSAGES.batch.weeklyLimitAdmin,
  weeklyLimitCheckFailed: MESSAGES.batch.weeklyLimitCheckFailed,
  /** Not in the spec: the summary's labels. */
  batchId: 'Batch ID',
  batchName: 'Batch name',
  status: 'Status',
  payeeCount: 'Number of payees',
  subTotal: 'Sub total',
  processingFee: 'Processing fee',
  gct: 'GCT on processing fee',
  total: 'Total',
  /** Not in the spec: what a batch no longer waiting for a decision says instead of the actions. */
  notReviewable: (status: string) => `This batch is ${status.toLowerCase()}: there is nothing to review.`,
  /** Not in the spec: what an admin sees on a batch they uploaded or sent for approval (maker-checker). */
  anotherAdminApproves: PRODUCT_MESSAGES.batchSelfApproval,
  backToHistory: 'Back to Payment History',
  downloadFailed: 'The file could not be downloaded. Please try again.',
} as const;

/** The choose-source-funds modal and the outcome of an approval (spec section 4). */
export const SOURCE_TEXTS = {
  /** Not in the spec: the title, the subtitle, the choice group and its options, and the buttons. */
  title: 'Choose source of funds',
  subtitle: 'Where should the money for this payment come from?',
  choiceLabel: 'Source of funds',
  /** The wallet's own name ("Main wallet") and its currency, which the spec labels it by (JMD). */
  mainWallet: (label: string, currency: string) => `${label} (${currency})`,
  bankAccount: (label: string) => `${label} (linked bank account)`,
  approve: MESSAGES.batch.approveAndContinueShort,
  cancel: MESSAGES.common.cancel,
  processing: 'Paying your recipients...',
  cashInUnavailable: MESSAGES.batch.cashInUnavailable,
  /** Not in the spec: the outcomes' subtitles (the spec names the outcomes). */
  successTitle: 'Payment processed',
  success: 'Your payment was sent to every recipient.',
  partialTitle: 'Payment partly processed',
  partial: (notPaid: number, payees: number) =>
    `${notPaid} of ${payees} ${payees === 1 ? 'recipient was' : 'recipients were'} not paid. The receipt lists them.`,
  failureTitle: 'Your Payment Failed',
  stillProcessing: MESSAGES.transactionStatus.pendingSubtitle,
  stillProcessingTitle: 'Your payment is being processed',
  /** The API's refusal is shown as it came; this when there was none to show. */
  approvalFailed: MESSAGES.transfer.notInitiated,
} as const;

/** The reject-batch-payments modal (spec sections 2 and 5). */
export const REJECT_TEXTS = {
  title: MESSAGES.batch.rejectTitle,
  reject: MESSAGES.batch.reject,
  cancel: MESSAGES.common.cancel,
  rejectedTitle: MESSAGES.batch.rejectedTitle,
  rejected: MESSAGES.batch.rejected,
  /** Not in the spec: the field's label, the counter's wording and the over-length error. */
  reasonLabel: 'Reason (optional)',
  counter: (length: number) => `${length}/${REJECT_REASON_MAX_LENGTH} characters`,
  tooLong: `The reason may have at most ${REJECT_REASON_MAX_LENGTH} characters.`,
} as const;

/** The single payment wizard (spec sections 2, 4, 5, 8). */
export const SINGLE_PAYMENT_TEXTS = {
  chooseRecipient: MESSAGES.singlePayment.chooseRecipient,
  enterAmount: MESSAGES.singlePayment.enterAmount,
  confirmPayment: MESSAGES.singlePayment.confirmPayment,
  cancelConfirm: MESSAGES.singlePayment.cancelConfirm,
  notAllowed: MESSAGES.payee.notAllowed,
  notFound: MESSAGES.payee.notFound,
  lookupFailed: MESSAGES.payee.lookupFailed,
  errorLog: MESSAGES.batch.errorLog,
  notInitiated: MESSAGES.transfer.notInitiated,
  technicalProblems: MESSAGES.common.technicalProblems,
  next: MESSAGES.common.next,
  back: MESSAGES.common.back,
  cancel: MESSAGES.common.cancel,
  /** Not in the spec: the field labels, the found payee's line and the step names. */
  lynkId: 'Lynk ID',
  lynkIdDescription: 'The wallet ID of the person or business you are paying.',
  amount: 'Amount',
  amountRequired: 'Please enter an amount.',
  amountInvalid: 'Please enter an amount with at most two decimals.',
  paying: (name: string, lynkId: string) => `Paying ${name} (${lynkId})`,
  walletUser: 'Wallet user',
  merchant: 'Merchant',
  stepOf: (step: number, steps: number) => `Step ${step} of ${steps}`,
  validating: 'Checking the payment',
} as const;
