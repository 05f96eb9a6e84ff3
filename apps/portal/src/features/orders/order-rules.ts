import type { Order } from '@lynk/contract/orders';
import { isRefundable } from '@lynk/contract/statuses';

/** What is left to refund of an order, in cents: its amount less what was refunded so far. */
export function leftToRefund(order: Order): number {
  return Math.max(0, order.amount_to_pay - order.amount_refunded);
}

/**
 * Spec section 5: the Refund button is disabled when the main wallet balance is less than the
 * order's amount minus its commission and GCT, and enabled only when the amount to pay does not
 * exceed the balance. Both are checked, as written; the second is the stricter.
 */
export function balanceAllowsRefund(order: Order, balanceCents: number): boolean {
  const netOfFees = order.amount_to_pay - (order.fee + order.tax);
  return balanceCents >= netOfFees && order.amount_to_pay <= balanceCents;
}

/** Why an order's Issue Refund is not available, or null when it is. */
export type RefundBlock = 'not-paid' | 'balance-too-low' | 'checking-balance';

/**
 * Only a paid order (status compared case-insensitively) with a payment reference and something
 * left to refund, and a balance that passes the rule above; `undefined` while it is being read.
 */
export function refundBlock(order: Order, balanceCents: number | undefined): RefundBlock | null {
  if (!isRefundable(order.status) || order.transfer_id === null || leftToRefund(order) === 0)
    return 'not-paid';
  if (balanceCents === undefined) return 'checking-balance';
  return balanceAllowsRefund(order, balanceCents) ? null : 'balance-too-low';
}

/** `numerator / denominator` rounded half up, as the server rounds its shares (ADR 021). */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

/**
 * The part of the commission a refund of `refundCents` gives back: the commission's share of
 * everything refunded after it, less the share of what was refunded before. The server computes
 * each refund the same way on the running total, so earlier refunds gave back exactly the share
 * before this one.
 */
export function commissionRefund(order: Order, refundCents: number): number {
  const amount = BigInt(order.amount_to_pay);
  if (amount === 0n || refundCents <= 0) return 0;
  const before = BigInt(order.amount_refunded);
  const after = before + BigInt(Math.min(refundCents, leftToRefund(order)));
  const fee = BigInt(order.fee);
  return Number(divideHalfUp(fee * after, amount) - divideHalfUp(fee * before, amount));
}
