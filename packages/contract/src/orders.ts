import { z } from 'zod/mini';
import { MIN_PAYMENT_REQUEST_CENTS, MIN_REFUND_CENTS, NOTE_MAX_LENGTH, REFUND_REASONS } from './constants.ts';
import { listingQuerySchema, listingResponseSchema } from './listings.ts';
import { MESSAGES } from './messages.ts';
import { centsSchema, formatCents } from './money.ts';
import { orderChannelSchema, orderStatusSchema } from './statuses.ts';

/** An order's id as the API spells it in paths: digits only. */
export const orderIdSchema = z.string().check(z.regex(/^\d{1,18}$/, 'An order id is digits only'));

/** POST /api/payment/customer-transactions: a payment request (spec section 3). Amounts in cents. */
export const createPaymentRequestSchema = z.strictObject({
  amount_to_pay: centsSchema.check(z.gte(MIN_PAYMENT_REQUEST_CENTS, MESSAGES.paymentRequest.amountTooLow)),
  description: z._default(z.string().check(z.trim(), z.maxLength(NOTE_MAX_LENGTH)), ''),
  currency: z._default(z.literal('JMD'), 'JMD'),
});
export type CreatePaymentRequest = z.infer<typeof createPaymentRequestSchema>;

export const paymentRequestSchema = z.object({
  m_order_id: z.string(),
  amount_to_pay: centsSchema,
  /** The customer's pay page: `{PUBLIC_URL}/pay/{code}`, the code unguessable. */
  short_url: z.string(),
  /** When the link stops taking payments (the order then reads EXPIRED). */
  expires_at: z.string(),
});
export type PaymentRequest = z.infer<typeof paymentRequestSchema>;

/** An order (spec section 3: Order / transaction). Amounts in cents; fee is the commission. */
const orderSchema = z.object({
  m_order_id: z.string(),
  /** The ledger's reference of the payment; null until paid. */
  transfer_id: z.nullable(z.string()),
  external_transaction_id: z.nullable(z.string()),
  /** The paying customer's Lynk ID (`@handle`); null until paid. */
  lynk_id: z.nullable(z.string()),
  datetime: z.string(),
  amount_to_pay: centsSchema,
  fee: centsSchema,
  tax: centsSchema,
  status: orderStatusSchema,
  channel: orderChannelSchema,
  cashier_name: z.nullable(z.string()),
  description: z.string(),
  /** Refunded so far (cents); an order can be refunded up to its amount. */
  amount_refunded: centsSchema,
});
export type Order = z.infer<typeof orderSchema>;

/**
 * What went back of an order that still reads Paid ("J$510.58 refunded"), or null. A partial
 * refund leaves the order PAID so that it can be refunded further (ADR 021); a merchant
 * reconciling the day must see it beside the status, in the orders table and in a report.
 */
export function partRefundedText(order: Pick<Order, 'status' | 'amount_refunded'>): string | null {
  return order.status === 'PAID' && order.amount_refunded > 0
    ? `${formatCents(order.amount_refunded)} refunded`
    : null;
}

/** GET /api/payment/customer-transactions */
export const ordersQuerySchema = listingQuerySchema;
export const ordersListSchema = listingResponseSchema(orderSchema);
/** GET /api/payment/customer-transactions/{m_order_id} */
export const orderResponseSchema = z.object({ data: orderSchema });

const refundReasonSchema = z.enum(REFUND_REASONS, MESSAGES.refund.reasonRequired);

/** POST /api/payment/{m_order_id}/partial-refund (spec section 7): at least J$1 (spec section 9). */
const refundRequestSchema = z.strictObject({
  amount_to_refund: centsSchema.check(z.gte(MIN_REFUND_CENTS, MESSAGES.refund.amountRequired)),
  /** The order's payment reference (its transfer_id), as the order details show it. */
  transferID: z.string().check(z.maxLength(40)),
  description: z._default(z.string().check(z.trim(), z.maxLength(NOTE_MAX_LENGTH)), ''),
  motif: refundReasonSchema,
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;

/**
 * POST /api/payment/{m_order_id}/full-refund: whatever is left of the order, even under J$1 (after
 * partial refunds left a few cents, a full refund must still be possible).
 */
const fullRefundRequestSchema = z.extend(refundRequestSchema, {
  amount_to_refund: centsSchema.check(z.gte(1, MESSAGES.refund.amountRequired)),
});

/** The refund request of each kind. */
export const REFUND_REQUEST_SCHEMAS = {
  full: fullRefundRequestSchema,
  partial: refundRequestSchema,
} as const;
export type RefundKind = keyof typeof REFUND_REQUEST_SCHEMAS;

/** A refund (spec section 3: Refund row). Amounts in cents. */
const refundSchema = z.object({
  refund_transfer_id: z.string(),
  transactionID: z.string(),
  external_transaction_id: z.nullable(z.string()),
  source_user_name: z.string(),
  from: z.string(),
  to: z.string(),
  date: z.string(),
  datetime: z.string(),
  amount_to_refund: centsSchema,
  /** The part of the commission and of its GCT given back with this refund. */
  commission_refund: centsSchema,
  gct_refund: centsSchema,
  motif: refundReasonSchema,
  description: z.string(),
  refund_status: z.literal('COMPLETED'),
});
export type Refund = z.infer<typeof refundSchema>;
export const refundResponseSchema = z.object({ data: refundSchema });

/** GET /api/payment/refund-transactions */
export const refundsQuerySchema = listingQuerySchema;
export const refundsListSchema = listingResponseSchema(refundSchema);

/** GET /api/payment/pay/{code}: what the customer's pay page shows (public, no staff session). */
const payLinkSchema = z.object({
  m_order_id: z.string(),
  merchant_name: z.string(),
  amount_to_pay: centsSchema,
  description: z.string(),
  /** RECEIVED until paid or declined; EXPIRED once its time has passed, even before the job runs. */
  status: orderStatusSchema,
  expires_at: z.string(),
  /** Set once paid: the receipt's payment reference and time. */
  transfer_id: z.nullable(z.string()),
  paid_at: z.nullable(z.string()),
});
export type PayLink = z.infer<typeof payLinkSchema>;
export const payLinkResponseSchema = z.object({ data: payLinkSchema });

/** A pay link's code: 22 URL-safe characters (128 random bits). */
export const payLinkCodeSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{22}$/, 'Not a payment link'));

/*
 * The customer's pay page (`/pay/{code}`) calls, with no staff session involved:
 * - GET  /api/payment/pay/{code}          public: the link's merchant, amount, note and status.
 * - POST /api/payment/pay/{code}          the signed-in customer pays it from their J$ wallet
 *                                         (consumer cookie, CSRF header, Idempotency-Key); 200 with
 *                                         the receipt (payLinkResponseSchema, status PAID); 401
 *                                         without a customer session; 409 ORDER_NOT_PAYABLE when it
 *                                         was paid, declined or expired (the message says which);
 *                                         422 INSUFFICIENT_FUNDS when the wallet cannot cover it.
 * - POST /api/payment/pay/{code}/decline  the signed-in customer declines it (consumer cookie, CSRF
 *                                         header): 200 with the link now REJECTED; 409 as above.
 * The customer signs in with POST /api/consumer-auth/sign-in (see consumer.ts).
 */
