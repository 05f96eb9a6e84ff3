/**
 * The commission Lynk takes on a paid order and the GCT on it (ADR 021). Amounts are cents in
 * bigint; every division rounds half up to the cent, once, so no sum of cents passes a float.
 */
import type { FeeSchedule } from '../../config.ts';

/** The schedule is a setting (config.ts, at the bottom of the layers); the fees are this module's. */
export type { FeeSchedule };

/** GCT (Jamaica's General Consumption Tax) on the commission: 15 %. */
export const GCT_BASIS_POINTS = 1_500n;
const WHOLE = 10_000n;

/** `numerator / denominator` rounded half up; both non-negative, the denominator positive. */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (numerator < 0n || denominator <= 0n) throw new RangeError('divideHalfUp takes a non-negative ratio');
  return (2n * numerator + denominator) / (2n * denominator);
}

const gctOn = (fee: bigint) => divideHalfUp(fee * GCT_BASIS_POINTS, WHOLE);

/**
 * The commission and its GCT on an order of `amount` cents. Both come out of what the merchant
 * receives, so together they never exceed the amount (a tiny order pays the merchant nothing
 * rather than less than nothing).
 */
export function orderFees(amount: bigint, schedule: FeeSchedule): { fee: bigint; tax: bigint } {
  if (amount <= 0n) throw new RangeError('An order amount is positive');
  let fee = divideHalfUp(amount * BigInt(schedule.basisPoints), WHOLE) + schedule.fixedCents;
  // The largest commission whose GCT still fits is within a cent or two of amount / 1.15: start
  // there, so the loop below steps at most a few cents whatever the amount.
  const ceiling = (amount * WHOLE) / (WHOLE + GCT_BASIS_POINTS) + 1n;
  if (fee > ceiling) fee = ceiling;
  while (fee > 0n && fee + gctOn(fee) > amount) fee -= 1n;
  return { fee, tax: gctOn(fee) };
}

/**
 * What a refund gives back of the commission and its GCT: the share of the order refunded so far,
 * after this refund, less what earlier refunds gave back. Computed on the running total, so
 * partial refunds that add up to the whole order give back exactly the whole commission and GCT.
 */
export function refundShares(
  order: {
    amount: bigint;
    fee: bigint;
    tax: bigint;
    refunded: bigint;
    refundedFee: bigint;
    refundedTax: bigint;
  },
  refund: bigint,
): { commission: bigint; gct: bigint } {
  const after = order.refunded + refund;
  if (refund <= 0n || after > order.amount) throw new RangeError('A refund is positive and within the order');
  return {
    commission: divideHalfUp(order.fee * after, order.amount) - order.refundedFee,
    gct: divideHalfUp(order.tax * after, order.amount) - order.refundedTax,
  };
}
