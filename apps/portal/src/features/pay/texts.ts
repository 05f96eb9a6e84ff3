import { CONSUMER_MESSAGES } from '@lynk/contract/consumer';
import { MESSAGES, PRODUCT_MESSAGES } from '@lynk/contract/messages';
import type { OrderStatus } from '@lynk/contract/statuses';

/**
 * Copy of the customer's pay page (`/pay/{code}`). The link's states and the sign-in's messages
 * come from the contract; the rest is the portal's own wording, marked "not in the spec".
 */
export const PAY_TEXTS = {
  loading: MESSAGES.common.loading,
  notFound: PRODUCT_MESSAGES.payLinkNotFound,
  paid: PRODUCT_MESSAGES.payLinkPaid,
  declined: PRODUCT_MESSAGES.payLinkDeclined,
  expired: PRODUCT_MESSAGES.payLinkExpired,
  unavailable: PRODUCT_MESSAGES.payLinkUnavailable,
  insufficientFunds: PRODUCT_MESSAGES.payInsufficientFunds,
  signInFailed: CONSUMER_MESSAGES.signInFailed,
  signInPrompt: CONSUMER_MESSAGES.signedOut,
  somethingWentWrong: MESSAGES.common.technicalProblems,
  /** Not in the spec: the page's title, headings and labels. */
  documentTitle: 'Pay with Lynk',
  logo: 'Lynk',
  heading: 'Payment request',
  requestedBy: 'Requested by',
  amount: 'Amount',
  note: 'Note',
  status: 'Status',
  loadFailed: 'We could not load this payment request. Please try again.',
  /** Not in the spec: the customer's sign-in form. */
  signInHeading: 'Sign in to your Lynk wallet',
  email: 'Email',
  password: 'Password',
  emailRequired: 'Please enter your email',
  signIn: 'Sign in to pay',
  /** Not in the spec: the signed-in customer's view. */
  payingAs: 'Paying as',
  lynkId: 'Lynk ID',
  walletBalance: 'Wallet balance',
  pay: (amount: string) => `Pay ${amount}`,
  decline: 'Decline',
  confirmDecline: 'Decline this payment request? The merchant will see that you declined it.',
  confirmDeclineAction: 'Yes, decline',
  keepRequest: 'Keep it',
  notYou: 'Not you?',
  signOut: 'Sign out',
  /** Not in the spec: a payment whose answer was lost may be sent again, at most once paid. */
  payNotConfirmed: 'We could not confirm your payment. Please try again: you will not be charged twice.',
  /** Not in the spec: the receipt. */
  receiptHeading: 'Payment complete',
  receiptBody: 'Thank you. Your payment has been sent to the merchant.',
  merchant: 'Merchant',
  reference: 'Payment reference',
  paidAt: 'Paid on',
} as const;

/** Not in the spec: a status as the customer reads it. */
export const PAY_STATUS_LABELS: Record<OrderStatus, string> = {
  RECEIVED: 'Awaiting payment',
  PAID: 'Paid',
  PENDING_REFUND: 'Paid',
  REFUNDED: 'Paid',
  REJECTED: 'Declined',
  EXPIRED: 'Expired',
  FAILED: 'Unavailable',
};

/** What a link that can no longer be paid says, by its status (spec: the pay link's messages). */
export function closedLinkMessage(status: OrderStatus): string | null {
  switch (status) {
    case 'RECEIVED':
      return null;
    case 'PAID':
    case 'PENDING_REFUND':
    case 'REFUNDED':
      return PAY_TEXTS.paid;
    case 'REJECTED':
      return PAY_TEXTS.declined;
    case 'EXPIRED':
      return PAY_TEXTS.expired;
    case 'FAILED':
      return PAY_TEXTS.unavailable;
  }
}
