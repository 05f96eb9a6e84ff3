import { NOTE_MAX_LENGTH, type RefundReason } from '@lynk/contract/constants';
import { MESSAGES, PRODUCT_MESSAGES } from '@lynk/contract/messages';

/** Copy of the orders, refunds and payment request screens. Texts the spec does not quote are marked. */

/** The Orders tab and an order's details (spec section 3, "Order / transaction"). */
export const ORDER_TEXTS = {
  /** Not in the spec: the table's name, the headers and the details' labels and tooltips. */
  tableLabel: 'Orders',
  detailsTitle: 'Order details',
  orderId: 'Order ID',
  transferId: 'Transfer ID',
  lynkId: 'Lynk ID',
  date: 'Date',
  amount: 'Amount',
  /** Spec section 3: the fee is labelled Commission, the tax GCT. */
  commission: 'Commission',
  gct: 'GCT',
  status: 'Status',
  channel: 'Channel',
  cashier: 'Cashier',
  note: 'Note',
  refunded: 'Refunded',
  notYet: '—',
  transferIdTooltip: "The reference of the customer's payment, set once the order is paid.",
  lynkIdTooltip: 'The Lynk ID of the customer who paid.',
  commissionTooltip: 'The commission on this order, taken from what you receive.',
  gctTooltip: 'The GCT on the commission.',
  refundedTooltip: 'What has been refunded of this order so far.',
  issueRefund: MESSAGES.refund.issueRefund,
  balanceTooLow: MESSAGES.refund.balanceTooLow,
  notRefundable: PRODUCT_MESSAGES.orderNotRefundable,
} as const;

/** Readable names of the refund motifs the contract takes. Not in the spec: the labels. */
export const REFUND_REASON_LABELS: Record<RefundReason, string> = {
  WRONG: 'Wrong order or amount',
  NOT_NEEDED: 'No longer needed',
  DAMAGED: 'Damaged or defective',
  OTHER: 'Other',
};

/** The refund modal (spec sections 2, 4, 5, 8). */
export const REFUND_TEXTS = {
  title: MESSAGES.refund.title,
  fullRefund: MESSAGES.refund.fullRefund,
  submit: MESSAGES.refund.issueRefund,
  success: MESSAGES.refund.success,
  failure: MESSAGES.refund.failure,
  reasonRequired: MESSAGES.refund.reasonRequired,
  amountRequired: MESSAGES.refund.amountRequired,
  amountOverTotal: MESSAGES.refund.amountOverTotal,
  commissionTooltip: MESSAGES.refund.commissionTooltip,
  next: MESSAGES.common.next,
  back: MESSAGES.common.back,
  cancel: MESSAGES.common.cancel,
  /** Not in the spec: the partial choice, the step subtitles, the labels and the invalid-amount error. */
  partialRefund: 'Partial Refund',
  kindLabel: 'Refund type',
  chooseSubtitle: 'Choose whether to refund what is left of this order or a part of it.',
  detailsSubtitle: "The refund goes straight back to the customer's wallet.",
  fullDescription: (left: string) => `Refund what is left of the order: ${left}.`,
  partialDescription: 'Refund a part of the order.',
  amount: 'Amount',
  reason: 'Reason',
  chooseReason: 'Choose a reason',
  notes: 'Notes (Optional)',
  notesCounter: (length: number) => `${length}/${NOTE_MAX_LENGTH} characters`,
  notesTooLong: `Notes can be at most ${NOTE_MAX_LENGTH} characters.`,
  amountInvalid: 'Please enter an amount with at most two decimals.',
  leftToRefund: 'Left to refund',
  commissionRefund: 'Commission refund',
} as const;

/** The Refunds tab (spec section 3, "Refund row"). Not in the spec: the headers. */
export const REFUND_TABLE_TEXTS = {
  tableLabel: 'Refunds',
  transactionId: 'Transaction ID',
  refundId: 'Refund ID',
  externalId: 'External Transaction ID',
  from: 'From',
  to: 'To',
  date: 'Date',
  amount: 'Amount',
  none: '—',
} as const;

/** The payment request modal (spec sections 2, 4, 5). */
export const PAYMENT_REQUEST_TEXTS = {
  title: MESSAGES.paymentRequest.title,
  subtitle: MESSAGES.paymentRequest.subtitle,
  linkTitle: MESSAGES.paymentRequest.linkTitle,
  copy: MESSAGES.paymentRequest.copy,
  copied: MESSAGES.paymentRequest.copied,
  amountTooLow: MESSAGES.paymentRequest.amountTooLow,
  noteCounter: MESSAGES.paymentRequest.noteCounter,
  cancel: MESSAGES.common.cancel,
  close: MESSAGES.common.close,
  /** Not in the spec: the labels, the link step's wording and the shared message. */
  amount: 'Amount',
  note: 'Note (Optional)',
  noteTooLong: `The note can be at most ${NOTE_MAX_LENGTH} characters.`,
  amountInvalid: 'Please enter an amount with at most two decimals.',
  continue: 'Continue',
  linkSubtitle: 'Share this message with your customer, or let them scan the QR code.',
  message: 'Message to share',
  copying: 'Copying...',
  copiedButton: 'Copied',
  qrAlt: 'QR code of the payment link',
  shareMessage: (merchant: string, amount: string, note: string, url: string, expires: string) =>
    [
      merchant
        ? `${merchant} has sent you a payment request of ${amount}.`
        : `You have a payment request of ${amount}.`,
      note ? `Note: ${note}` : '',
      `Pay here: ${url}`,
      `The link expires on ${expires} (Jamaica time).`,
    ]
      .filter(Boolean)
      .join('\n'),
} as const;
