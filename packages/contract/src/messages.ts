/**
 * Every user-facing text of the spec, copied verbatim (typos included: the spec is the contract
 * and tests compare against it). Components and services import these instead of retyping them.
 * A few texts the spec describes without quoting are marked "not quoted by the spec".
 *
 * Amount parameters are bare amounts ("1,234.50", from formatCents(c, { currencyPrefix: '' }))
 * because the templates already carry "J$" or "JMD" where the spec puts them.
 */
export const MESSAGES = {
  common: {
    loading: 'Loading...',
    redirecting: 'Redirecting...',
    building: 'Building!',
    notAvailable: 'N/A',
    cancel: 'Cancel',
    close: 'Close',
    next: 'Next',
    back: 'Back',
    yes: 'Yes',
    nevermind: 'Nevermind',
    areYouSure: 'Are you sure?',
    returnToDashboard: 'Return to Dashboard',
    somethingWentWrong: 'Something went wrong',
    technicalProblems: "Sorry, we're experiencing technical problems. Please try again later.",
  },
  auth: {
    notAuthenticated: 'User not authenticated',
    accessDeniedTitle: 'Access Denied',
    accessDenied: "You don't have permissions to view this page.",
  },
  notFound: {
    title: "Looks like you're lost.",
    backToDashboard: 'Go back to the Dashboard',
    backToLogin: 'Go back to the Login',
  },
  logout: {
    title: 'Are you sure you want to log out?',
    // Not quoted by the spec, which only says the text notes this consequence.
    subtitle: 'You will not be able to access the dashboard after logging out.',
    confirm: 'Logout',
  },
  menu: {
    myProfile: 'My Profile',
    staff: 'Staff',
    customerSupport: 'Customer Support',
    logout: 'Logout',
    viewAll: 'View All',
    settings: 'Settings',
    dashboard: 'Dashboard',
  },
  table: {
    emptyTitle: "We're coming up empty",
    emptyBody: 'Sorry, we have not found anything to return at this point.',
    noTransactions: 'No transactions yet',
    noStaff: 'No staff is loaded',
    filterBy: 'Filter by',
    filtersTitle: 'Filters',
    dateRange: 'Date range',
    apply: 'Apply',
    showingEntries: (from: number, to: number, total: number) => `Showing ${from}-${to} of ${total} entries`,
    dateChip: (start: string, end: string) => `Date: "${start} to ${end}"`,
  },
  dateRange: {
    blank: 'both dates must not be blank',
    tooLong: "The date range can't exceed 1 month.",
    // Not quoted by the spec: it only says these ranges are invalid.
    startAfterEnd: 'The start date must not be after the end date.',
    future: 'Future dates are not allowed.',
    invalidDate: (pattern: string) => `Please enter valid dates as ${pattern}.`,
  },
  transactionStatus: {
    successTitle: 'Your transfer is successful',
    pendingTitle: 'Your transfer is being processed',
    pendingSubtitle: "We'll let you know when it's ready.",
    failureTitle: 'Your Transfer Failed',
    failureSubtitle: 'We were unable to transfer your transaction. Please try again.',
    batchFailureSubtitle: 'We were unable to continue with your transaction. Please try again.',
    confirmTitle: 'Are you sure?',
    transferFailedDescription:
      'The recipient was not able to get the funds and the monies has been returned to the sender',
  },
  transfer: {
    notInitiated: "Oops! Something went wrong. Your transfer couldn't be initiated, please try again.",
    insufficientBalance: "You don't have enough money in your balance, please update the amount.",
    dailyLimitExceeded: 'This action would exceeded your daily limit for this action.',
    insufficientFunds: "Your account doesn't have enough money. Try a different amount.",
    dailyLimitRemaining: (amount: string) =>
      `You currently have ${amount} JMD remaining for this day, and the limit will reset at the end of the day.`,
    noAccounts: 'Unable to action a transfer. Please try again later.',
    // Not quoted by the spec, which gives the minimum (J$0.10) without its wording.
    minimumAmount: 'The amount minimum is J$0.10',
    walletInfoFailed:
      'We are having some technical issues recovering your wallet information. Please, try again later.',
  },
  paymentRequest: {
    title: 'New Payment Request',
    subtitle: 'Please fill in the following fields to create a new payment request link',
    linkTitle: 'Link Ready To Share',
    copy: 'Copy',
    copied: 'Payment Request Link Details copied successfully.',
    amountTooLow: 'The amount needs to be greater than J$ 0.00',
    noteCounter: (length: number) => `${length}/100 characters`,
  },
  refund: {
    issueRefund: 'Issue Refund',
    fullRefund: 'Full Refund',
    title: (orderId: string) => `Transaction ID #${orderId}`,
    success: "You've successfully issued your refund.",
    failure: 'Oops! Something went wrong. Want to try again?',
    reasonRequired: 'Reason is required',
    amountRequired: 'Amount is required',
    amountOverTotal: 'Amount is greater than the Total',
    balanceTooLow: 'Your main wallet account balance is too low to complete the transaction',
    commissionTooltip: 'This value represents the refund of the commission.',
  },
  export: {
    preferencesTitle: 'Export Preferences',
    downloadTitle: 'Download',
    generated: 'Your report was generated successfully.',
    selectTable: 'Please select a table to export',
    entryLimit: 'You can only export up to 100 entries. Apply filters to reduce the number of entries.',
    lastReportsTitle: 'Last Reports',
    noLastReports: 'There are no previously generated reports',
  },
  batch: {
    createPaymentTitle: 'Create a Payment',
    uploadTitle: 'Upload batch payment file',
    fileLabel: 'Bulk payment file',
    nameLabel: 'Batch name (Optional)',
    downloadTemplate: 'Download template file',
    confirmTitle: 'Confirm payment',
    confirmSubtitle: 'Please review this payment and choose an action',
    reviewDownload: 'Review batch upload',
    confirmCheckbox:
      'I confirm the recipients and fees for this transfer. I agree that transfers are final once completed.',
    approveAndContinue: 'Approve and continue',
    approveAndContinueShort: 'Approve & Continue',
    requestApproval: 'Request approval',
    reject: 'Reject',
    resumeLater: 'Resume Later',
    reviewBatch: 'Review Batch',
    receipt: 'Receipt',
    wrongFileType: 'The wrong file type was uploaded. Please upload a CSV file',
    fileTooLarge: 'Your batch file exceeds the maximum file size limit.',
    errorLog:
      'There were errors found with some accounts. Please check the error logs, fix errors and try again.',
    cashInUnavailable: 'Cash in is unavailable at this time.',
    sentForApprovalTitle: 'Payment Sent for Approval',
    sentForApproval: 'Your payment was sent for approval. You will be notified when the approval is done.',
    rejectedTitle: 'Payment Rejected',
    rejected: 'Your payment was rejected',
    rejectTitle: (id: number | string) => `Reject batch ID ${id}`,
    loadFailedTitle: 'Failure loading the batch transaction details',
    loadFailed: 'There was an error loading the batch transaction. Please try again',
    weeklyLimitCheckFailed: 'We experienced technical difficulties checking your weekly limit.',
    weeklyLimitNonAdmin: (remaining: string) =>
      `You currently have J$${remaining} remaining for this week, and the limit will reset at the end of the week.`,
    weeklyLimitAdmin: (remaining: string) =>
      `Proceeding with this transaction will exceed your weekly limit. You have J$${remaining} remaining for this week.`,
  },
  singlePayment: {
    chooseRecipient: 'Choose your recipient',
    enterAmount: 'Enter transfer amount',
    confirmPayment: 'Confirm payment',
    cancelConfirm: 'Please confirm that you want to cancel this payment. This process cannot be undone.',
  },
  payee: {
    notAllowed: 'Transaction not allowed',
    notFound:
      "I'm sorry, we could not find a matching or active account. Please verify the Lynk ID with the recipient and try again.",
    lookupFailed: 'We are having some technical issues performing the ID check. Please try again',
  },
  staff: {
    title: 'Staff',
    addUser: 'Add User',
    registerTitle: 'Register New User',
    editTitle: 'Edit User',
    deleteTitle: 'Please confirm',
    deleteConfirm: 'Are you sure you want to delete this user? This action is irreversible.',
    active: 'Active',
    inactive: 'Inactive',
    created: 'The registered user will receive an email to activate the account.',
    superAdminLimit: 'User limit exceeded. No more Super Admins can be stored for this merchant.',
    updated: 'This user was updated successfully!',
    updateFailed: 'Oops! Something went wrong. We were unable to update this user. Please try again.',
    deleted: 'This user was deleted successfully!',
    deleteFailed: 'Oops! Something went wrong. We were unable to delete this user. Please try again.',
    emailRequired: 'Email is a required field',
    emailInvalid: 'Please input a valid email',
    roleRequired: 'User Role is required',
    displayNameRequired: 'This field is required.',
    displayNameBlank: 'Please ensure that a valid display name is entered',
  },
  notifications: {
    title: 'Notifications',
    historyTitle: 'Notifications History',
    markAllAsRead: 'Mark All As Read',
    reviewPayment: 'Review Payment',
    settingsFailed: 'There was an error, please contact support.',
    keepEditing: 'Keep Editing',
    discardChanges: 'Discard Changes',
  },
  qr: {
    copied: 'Your QR Code link was copied',
    generated: 'Merchant QR image generated successfully.',
    generatedCbdc: 'Merchant JAM-DEX QR image generated successfully.',
    fileSaved: 'QR code generated successfully. Please check you machine for the file.',
    downloadFailed: 'Issue found during download, please try again.',
  },
} as const;

// ---------------------------------------------------------------------------------------------
// Product messages not in the spec. The API answers these where the spec has no text of its own;
// they are ours to word, so keep them short, plain and free of internal detail.
// ---------------------------------------------------------------------------------------------
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
} as const;
