// ---------------------------------------------------------------------------------------------
// Product messages not in the spec. The API answers these where the spec has no text of its own;
// they are ours to word, so keep them short, plain and free of internal detail.
// ---------------------------------------------------------------------------------------------
/** A row of a batch file as the error log numbers it: the column names are the row before row 1. */
const batchRowLabel = (row: number) => (row === 0 ? 'The row of column names' : `Row ${row}`);

export const PRODUCT_MESSAGES = {
  notFound: 'Not found.',
  forbidden: 'You do not have permission to do this.',
  walletNotFound: 'This wallet does not exist.',
  jamDexWalletNotFound: 'This JAM-DEX wallet does not exist.',
  accountNotFound: 'This account does not exist.',
  noCashInFromBeneficiary: 'Money cannot be taken from a beneficiary.',
  exportBefore2000: 'Dates before 01/01/2000 are not allowed.',
  idempotencyKeyRequired:
    'Send an Idempotency-Key header (8 to 255 letters, digits, "-", "_", ":" or ".") with every money movement.',
  idempotencyKeyReused: 'This Idempotency-Key was already used with a different request.',
  idempotencyInProgress: 'A request with this Idempotency-Key is still being processed.',
  orderNotFound: 'This order does not exist.',
  orderNotRefundable: 'Only a paid order can be refunded.',
  refundTransferMismatch: "The transferID is not this order's payment.",
  fullRefundAmount: (remaining: string) => `A full refund returns what is left of the order: ${remaining}.`,
  orderChanged: 'This order changed while it was being processed. Please try again.',
  payLinkNotFound: 'This payment link does not exist.',
  payLinkPaid: 'This payment request has already been paid.',
  payLinkDeclined: 'This payment request was declined.',
  payLinkExpired: 'This payment request has expired.',
  payLinkUnavailable: 'This payment request can no longer be paid.',
  payInsufficientFunds: "Your Lynk wallet doesn't have enough money to pay this request.",
  batchNotFound: 'This batch does not exist.',
  notificationNotFound: 'This notification does not exist.',
  merchantNotFound: 'This merchant does not exist.',
  staffMemberNotFound: 'This staff member does not exist.',
  reportNotFound: 'This report does not exist.',
  reportFileExpired: 'Only your 5 latest reports can be downloaded again. Please export this one again.',
  exportTableNotAllowed: (table: string) => `You do not have permission to export ${table}.`,
  exportTablesOnlyMainWallet: 'Tables can only be chosen for the main wallet.',
  exportReadyTitle: 'Your export is ready',
  exportReadyBody: (fileName: string, rows: number) =>
    `${fileName} (${rows} ${rows === 1 ? 'row' : 'rows'}) can be downloaded from Last Reports for 7 days.`,
  exportNotReady: 'This export is not ready yet.',
  exportsInProgress: (most: number) =>
    `You already have ${most} exports being prepared. Please wait for one of them to be ready.`,
  exportExpired: 'This export has expired. Please export it again.',
  batchMerchantNotFound: 'This merchant does not exist.',
  batchFileUnreadable: 'The batch file is not valid base64.',
  batchCsvUnreadable: 'The file could not be read as CSV.',
  batchCsvHeader: 'The first row must name the columns, with at least lynk_id and amount.',
  batchCsvEmpty: 'The file has no payees.',
  batchFileIncomplete: 'The stored file is not whole. Please upload it again.',
  batchRowColumns: 'This row does not have as many values as the first row has column names.',
  batchRowTooLong: (row: number, values: number, characters: number) =>
    `${batchRowLabel(row)} is too long: a row may have at most ${values} values and ${characters} characters.`,
  batchCsvQuotes: (row: number) =>
    `${batchRowLabel(row)} could not be read as CSV: a value with quotes in it must be put in quotes, and each quote inside it written twice.`,
  batchRowAmount: (min: string, max: string) =>
    `The amount must be a J$ amount from ${min} to ${max} with at most two decimals.`,
  batchRowDuplicate: (row: number) => `This Lynk ID is already on row ${row}.`,
  batchRowName: 'The name may have at most 100 characters.',
  batchNotValidated: 'Only a validated batch can be sent for approval.',
  batchNotReviewable: 'Only a validated batch or one waiting for approval can be rejected.',
  batchNotPendingApproval: 'Only a batch sent for approval can be approved.',
  batchSelfApproval: 'You uploaded this batch or sent it for approval, so another admin must approve it.',
  batchFundingAccount: 'This account cannot fund a batch payment.',
  batchToApproveTitle: 'Batch payment to approve',
  batchToApproveBody: (id: number, total: string) => `Batch ${id} of ${total} is waiting for your approval.`,
  batchRejectedTitle: 'Batch payment rejected',
  batchRejectedBody: (id: number, reason: string) =>
    reason ? `Batch ${id} was rejected: ${reason}` : `Batch ${id} was rejected.`,
  batchApprovedTitle: 'Batch payment approved',
  batchApprovedBody: (id: number, total: string) => `Batch ${id} of ${total} was approved.`,
  batchReceiptNotReady: 'A receipt is ready once the batch has been processed.',
  batchTotalsChanged: 'The payees of this batch no longer add up to the totals that were approved.',
  batchPayeeFeeChanged: 'The fee for this payee no longer matches the fee that was approved.',
  batchProcessedTitle: 'Batch payment processed',
  batchProcessedBody: (id: number, paid: number, payees: number, total: string) =>
    `Batch ${id} of ${total} was paid to all ${payees} payees.`,
  batchProcessedWithErrorTitle: 'Batch payment processed with errors',
  batchProcessedWithErrorBody: (id: number, paid: number, payees: number) =>
    `Batch ${id} was paid to ${paid} of ${payees} payees. The receipt lists the payees who were not paid.`,
  batchFailedTitle: 'Batch payment failed',
  batchFailedBody: (id: number) => `Batch ${id} could not be paid. No payee received money.`,
} as const;
