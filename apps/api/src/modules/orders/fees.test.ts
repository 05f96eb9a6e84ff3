import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { divideHalfUp, orderFees, refundShares } from './fees.ts';

const schedule = { basisPoints: 250, fixedCents: 0n };

describe('order fees', () => {
  it('takes 2.5 % commission and 15 % GCT on it, each rounded half up to the cent', () => {
    // J$1,000.00: commission J$25.00, GCT J$3.75.
    expect(orderFees(100_000n, schedule)).toEqual({ fee: 2_500n, tax: 375n });
    // J$10.10: 25.25 cents → 25; GCT 3.75 → 4.
    expect(orderFees(1_010n, schedule)).toEqual({ fee: 25n, tax: 4n });
    // J$1.00: 2.5 cents rounds half up to 3; GCT 0.45 → 0.
    expect(orderFees(100n, schedule)).toEqual({ fee: 3n, tax: 0n });
  });

  it('adds the fixed part', () => {
    expect(orderFees(100_000n, { basisPoints: 100, fixedCents: 1_000n })).toEqual({ fee: 2_000n, tax: 300n });
  });

  it('never takes more than the order', () => {
    expect(orderFees(100n, { basisPoints: 0, fixedCents: 5_000n })).toEqual({ fee: 87n, tax: 13n });
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.integer({ min: 0, max: 10_000 }),
        (amount, bps) => {
          const { fee, tax } = orderFees(amount, { basisPoints: bps, fixedCents: 0n });
          expect(fee + tax).toBeLessThanOrEqual(amount);
          expect(fee).toBeGreaterThanOrEqual(0n);
        },
      ),
    );
  });

  it('rounds half up', () => {
    expect(divideHalfUp(5n, 2n)).toBe(3n);
    expect(divideHalfUp(4n, 3n)).toBe(1n);
    expect(divideHalfUp(0n, 3n)).toBe(0n);
  });
});

describe('refund shares', () => {
  const order = { amount: 1_010n, fee: 25n, tax: 4n, refunded: 0n, refundedFee: 0n, refundedTax: 0n };

  it('gives back the whole commission and GCT on a full refund', () => {
    expect(refundShares(order, 1_010n)).toEqual({ commission: 25n, gct: 4n });
  });

  it('gives back exactly the whole commission over any partial refunds that add up to the order', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 1n, max: 400n }), { minLength: 1, maxLength: 8 }), (parts) => {
        let state = { ...order };
        for (const part of parts) {
          const refund = part < state.amount - state.refunded ? part : state.amount - state.refunded;
          if (refund <= 0n) break;
          const shares = refundShares(state, refund);
          expect(shares.commission).toBeGreaterThanOrEqual(0n);
          expect(shares.gct).toBeGreaterThanOrEqual(0n);
          state = {
            ...state,
            refunded: state.refunded + refund,
            refundedFee: state.refundedFee + shares.commission,
            refundedTax: state.refundedTax + shares.gct,
          };
        }
        const last = state.amount - state.refunded;
        if (last > 0n) {
          const shares = refundShares(state, last);
          state = {
            ...state,
            refundedFee: state.refundedFee + shares.commission,
            refundedTax: state.refundedTax + shares.gct,
          };
        }
        expect(state.refundedFee).toBe(order.fee);
        expect(state.refundedTax).toBe(order.tax);
      }),
    );
  });

  it('refuses a refund beyond the order', () => {
    expect(() => refundShares({ ...order, refunded: 1_000n }, 11n)).toThrow(RangeError);
  });
});
