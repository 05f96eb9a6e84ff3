import { describe, expect, it } from 'vitest';
import { balanceAllowsRefund, commissionRefund, leftToRefund, refundBlock } from './order-rules';
import { makeOrder } from '@/test/orders';

describe('order rules', () => {
  it('leaves the order amount less what was refunded to refund', () => {
    expect(leftToRefund(makeOrder(1, { amount_refunded: 250_00 }))).toBe(750_00);
  });

  it('lets the balance cover a refund only when it is at least the amount to pay (spec section 5)', () => {
    const order = makeOrder(1);
    expect(balanceAllowsRefund(order, 1000_00)).toBe(true);
    expect(balanceAllowsRefund(order, 999_99)).toBe(false);
    // Even a balance that covers the amount net of commission and GCT is not enough.
    expect(balanceAllowsRefund(order, 1000_00 - 25_00 - 3_75)).toBe(false);
  });

  it('refunds only a paid order, whatever the case of its status', () => {
    expect(refundBlock(makeOrder(1, { status: 'paid' as never }), 5000_00)).toBeNull();
    for (const status of [
      'RECEIVED',
      'REFUNDED',
      'FAILED',
      'EXPIRED',
      'REJECTED',
      'PENDING_REFUND',
    ] as const) {
      expect(refundBlock(makeOrder(1, { status }), 5000_00)).toBe('not-paid');
    }
    expect(refundBlock(makeOrder(1), undefined)).toBe('checking-balance');
    expect(refundBlock(makeOrder(1), 10_00)).toBe('balance-too-low');
  });

  it("gives back the commission's share the server computes on the running total", () => {
    const order = makeOrder(1, { amount_to_pay: 3_00, fee: 1_00 });
    // Three refunds of J$1 give back 33, 34 and 33 cents: 1/3, 2/3 and 3/3 of J$1 rounded half up.
    expect(commissionRefund(order, 1_00)).toBe(33);
    expect(commissionRefund({ ...order, amount_refunded: 1_00 }, 1_00)).toBe(34);
    expect(commissionRefund({ ...order, amount_refunded: 2_00 }, 1_00)).toBe(33);
    expect(commissionRefund(order, 0)).toBe(0);
  });
});
