import { describe, expect, it } from 'vitest';
import {
  BATCH_STATUSES,
  LIMIT_TRANSFER_TYPES,
  LIMIT_TRANSFER_TYPE_LABELS,
  ORDER_CHANNELS,
  batchStatusLabel,
  batchStatusSchema,
  cbdcPaymentStatusSchema,
  channelLabel,
  hasBatchReceipt,
  isBatchReviewable,
  isRefundable,
  limitPeriod,
  orderStatusSchema,
  statusLabel,
  transferStatusSchema,
  transferTypeSchema,
} from './statuses.ts';

describe('status value lists', () => {
  it('accept exactly the spec values', () => {
    expect(transferStatusSchema.options).toEqual([
      'SCHEDULED',
      'PENDING',
      'TRANSMITTED',
      'COMPLETED',
      'FAILED',
    ]);
    expect(orderStatusSchema.options).toEqual([
      'RECEIVED',
      'PAID',
      'REJECTED',
      'FAILED',
      'PENDING_REFUND',
      'EXPIRED',
      'REFUNDED',
    ]);
    expect(cbdcPaymentStatusSchema.options).toEqual(['Success', 'Failure']);
    expect(transferTypeSchema.options).toEqual(['CASH IN', 'CASH OUT', 'DISBURSEMENT']);
    expect(BATCH_STATUSES).toHaveLength(10);
  });

  it('reject values outside them', () => {
    expect(orderStatusSchema.safeParse('paid').success).toBe(false);
    expect(cbdcPaymentStatusSchema.safeParse('SUCCESS').success).toBe(false);
    expect(transferTypeSchema.safeParse('CASH_IN').success).toBe(false);
    expect(batchStatusSchema.safeParse('DONE').success).toBe(false);
  });
});

describe('statusLabel', () => {
  it.each([
    ['RECEIVED', 'Awaiting Payment'],
    ['PAID', 'Paid'],
    ['PENDING_REFUND', 'Pending refund'],
    ['REFUNDED', 'Refunded'],
    ['EXPIRED', 'Expired'],
    ['SCHEDULED', 'Scheduled'],
    ['TRANSMITTED', 'Transmitted'],
    ['FAILED', 'Failed'],
    ['Success', 'Success'],
    ['received', 'Awaiting Payment'],
    ['', ''],
  ])('%j → %j', (status, label) => {
    expect(statusLabel(status)).toBe(label);
  });
});

describe('isRefundable', () => {
  it('is true only for a paid order, in any case', () => {
    expect(isRefundable('PAID')).toBe(true);
    expect(isRefundable('paid')).toBe(true);
    expect(isRefundable('PENDING_REFUND')).toBe(false);
    expect(isRefundable('REFUNDED')).toBe(false);
  });
});

describe('batchStatusLabel', () => {
  it.each([
    ['COMPLETED', 'Processed'],
    ['COMPLETED_WITH_ERRORS', 'Processed'],
    ['PROCESSING', 'Pending'],
    ['APPROVED', 'Pending'],
    ['PENDING_APPROVAL', 'Pending approval'],
    ['INVALID_PAYEE', 'Invalid payee'],
    ['NEW', 'New'],
    ['VALIDATED', 'Validated'],
    ['REJECTED', 'Rejected'],
    ['FAILED', 'Failed'],
  ])('%s → %s', (status, label) => {
    expect(batchStatusLabel(status)).toBe(label);
  });
});

describe('batch actions', () => {
  it('offers Review Batch only for validated or pending-approval batches', () => {
    expect(BATCH_STATUSES.filter(isBatchReviewable)).toEqual(['PENDING_APPROVAL', 'VALIDATED']);
  });

  it('offers a receipt only for completed, partly completed or failed batches', () => {
    expect(BATCH_STATUSES.filter(hasBatchReceipt)).toEqual(['COMPLETED', 'FAILED', 'COMPLETED_WITH_ERRORS']);
  });
});

describe('channelLabel', () => {
  it('labels every channel, with the Lynk brand', () => {
    expect(ORDER_CHANNELS.map(channelLabel)).toEqual([
      'Show To Pay',
      'Pay With Lynk',
      'Scan And Pay',
      'Payment Link',
      'Find And Pay',
    ]);
  });

  it('title-cases an unknown channel instead of showing the raw code', () => {
    expect(channelLabel('TAP_TO_PAY')).toBe('Tap To Pay');
    expect(channelLabel('toString')).toBe('Tostring');
  });
});

describe('limit transfer types', () => {
  it('use the weekly period for batches and the daily one otherwise', () => {
    expect(LIMIT_TRANSFER_TYPES.map(limitPeriod)).toEqual([1, 1, 2]);
  });

  it('carry the usage bar labels', () => {
    expect(LIMIT_TRANSFER_TYPE_LABELS).toEqual({
      TOP: 'Cash - In',
      ACH_CASHOUT: 'Cash - Out',
      MBATCH: 'Payments',
    });
  });
});
