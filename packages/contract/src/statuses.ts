import { z } from 'zod/mini';

/** "PENDING_APPROVAL" → "Pending approval": the spec's default for codes without a label of their own. */
function capitaliseCode(code: string): string {
  const words = code.replaceAll('_', ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const TRANSFER_STATUSES = ['SCHEDULED', 'PENDING', 'TRANSMITTED', 'COMPLETED', 'FAILED'] as const;
export const transferStatusSchema = z.enum(TRANSFER_STATUSES);

export const ORDER_STATUSES = [
  'RECEIVED',
  'PAID',
  'REJECTED',
  'FAILED',
  'PENDING_REFUND',
  'EXPIRED',
  'REFUNDED',
] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** Digital-currency (JAM-DEX) payments use these mixed-case values as they are. */
const CBDC_PAYMENT_STATUSES = ['Success', 'Failure'] as const;
export const cbdcPaymentStatusSchema = z.enum(CBDC_PAYMENT_STATUSES);

const STATUS_LABELS: Record<string, string> = { RECEIVED: 'Awaiting Payment' };

/** Display label of an order, transfer or payment status. */
export function statusLabel(status: string): string {
  return STATUS_LABELS[status.toUpperCase()] ?? capitaliseCode(status);
}

/** Only a paid order can be refunded; the status is compared case-insensitively. */
export function isRefundable(status: string): boolean {
  return status.toUpperCase() === 'PAID';
}

export const BATCH_STATUSES = [
  'NEW',
  'PENDING_APPROVAL',
  'APPROVED',
  'INVALID_PAYEE',
  'VALIDATED',
  'PROCESSING',
  'REJECTED',
  'COMPLETED',
  'FAILED',
  'COMPLETED_WITH_ERRORS',
] as const;
export const batchStatusSchema = z.enum(BATCH_STATUSES);
export type BatchStatus = z.infer<typeof batchStatusSchema>;

const BATCH_LABELS: Record<string, string> = {
  COMPLETED: 'Processed',
  COMPLETED_WITH_ERRORS: 'Processed',
  PROCESSING: 'Pending',
  APPROVED: 'Pending',
};

export function batchStatusLabel(status: string): string {
  return BATCH_LABELS[status.toUpperCase()] ?? capitaliseCode(status);
}

/** Batches that show "Review Batch" (to an admin holding approve:batch-payments). */
const BATCH_REVIEWABLE_STATUSES = ['VALIDATED', 'PENDING_APPROVAL'] as const satisfies readonly BatchStatus[];
/** Batches that offer the receipt.csv download; also where status polling after approval stops. */
const BATCH_FINAL_STATUSES = [
  'COMPLETED',
  'COMPLETED_WITH_ERRORS',
  'FAILED',
] as const satisfies readonly BatchStatus[];
/** Where upload-validation polling stops. */
export const BATCH_VALIDATION_DONE_STATUSES = [
  'VALIDATED',
  'INVALID_PAYEE',
] as const satisfies readonly BatchStatus[];

export function isBatchReviewable(status: string): boolean {
  return (BATCH_REVIEWABLE_STATUSES as readonly string[]).includes(status);
}

export function hasBatchReceipt(status: string): boolean {
  return (BATCH_FINAL_STATUSES as readonly string[]).includes(status);
}

export const ORDER_CHANNELS = [
  'SHOW_TO_PAY',
  'PAY_WITH_LYNK',
  'SCAN_AND_PAY',
  'PAYMENT_LINK',
  'FIND_AND_PAY',
] as const;
export const orderChannelSchema = z.enum(ORDER_CHANNELS);
export type OrderChannel = z.infer<typeof orderChannelSchema>;

const ORDER_CHANNEL_LABELS: Record<OrderChannel, string> = {
  SHOW_TO_PAY: 'Show To Pay',
  PAY_WITH_LYNK: 'Pay With Lynk',
  SCAN_AND_PAY: 'Scan And Pay',
  PAYMENT_LINK: 'Payment Link',
  FIND_AND_PAY: 'Find And Pay',
};

/** Known channels use their label; an unknown one is title-cased rather than shown as a raw code. */
export function channelLabel(channel: string): string {
  if (Object.hasOwn(ORDER_CHANNEL_LABELS, channel)) return ORDER_CHANNEL_LABELS[channel as OrderChannel];
  return channel
    .toLowerCase()
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Transfer types as the contract spells them, with a space. */
const TRANSFER_TYPES = ['CASH IN', 'CASH OUT', 'DISBURSEMENT'] as const;
export const transferTypeSchema = z.enum(TRANSFER_TYPES);

/** Account limit kinds: TOP is cash-in, ACH_CASHOUT cash-out, MBATCH batch payments. */
export const LIMIT_TRANSFER_TYPES = ['TOP', 'ACH_CASHOUT', 'MBATCH'] as const;
export const limitTransferTypeSchema = z.enum(LIMIT_TRANSFER_TYPES);
export type LimitTransferType = z.infer<typeof limitTransferTypeSchema>;

export const LIMIT_PERIODS = { daily: 1, weekly: 2 } as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[keyof typeof LIMIT_PERIODS];

export function limitPeriod(type: LimitTransferType): LimitPeriod {
  return type === 'MBATCH' ? LIMIT_PERIODS.weekly : LIMIT_PERIODS.daily;
}

/** Category names on the account limit usage bars. */
export const LIMIT_TRANSFER_TYPE_LABELS: Record<LimitTransferType, string> = {
  TOP: 'Cash - In',
  ACH_CASHOUT: 'Cash - Out',
  MBATCH: 'Payments',
};
