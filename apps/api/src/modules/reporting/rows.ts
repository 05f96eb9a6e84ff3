import { centsToDecimalString } from '@lynk/contract/money';
import { partRefundedText, type Order, type Refund } from '@lynk/contract/orders';
import { REPORT_COLUMNS } from '@lynk/contract/reporting';
import { channelLabel, statusLabel } from '@lynk/contract/statuses';
import type { CbdcPayment, Transfer } from '@lynk/contract/transfers';
import { csvTime } from '../../lib/csv.ts';
import type { Payout } from '../batches/index.ts';

/**
 * One line of a report, in the order of REPORT_COLUMNS: what the wallet's tables show of the
 * entry, dates as the merchant's wall-clock time (Jamaica, DD/MM/YYYY HH:mm as in the tables),
 * statuses by their labels and amounts in currency units with two decimals (never floats).
 */
type OneStringEach<Columns extends readonly string[]> = { -readonly [Column in keyof Columns]: string };
export type ReportRow = OneStringEach<typeof REPORT_COLUMNS>;

const when = (iso: string) => csvTime(new Date(iso));
const amount = (cents: number) => centsToDecimalString(cents);

export const REPORT_HEADER: string[] = [...REPORT_COLUMNS];

/** Its label, and for one partly refunded what went back: "Paid (J$510.58 refunded)". */
function orderStatus(order: Order): string {
  const refunded = partRefundedText(order);
  return refunded ? `${statusLabel(order.status)} (${refunded})` : statusLabel(order.status);
}

/** `wallet` is the account the money goes to (its `account_id`, e.g. LYNK-1001). */
export function orderRow(order: Order, wallet: string): ReportRow {
  return [
    'Orders',
    order.m_order_id,
    when(order.datetime),
    order.lynk_id ?? '',
    wallet,
    channelLabel(order.channel),
    orderStatus(order),
    'JMD',
    amount(order.amount_to_pay),
    amount(order.fee),
    amount(order.tax),
    order.transfer_id ?? '',
  ];
}

export function transferRow(transfer: Transfer): ReportRow {
  return [
    'Transfers',
    transfer.transfer_id,
    when(transfer.datetime),
    transfer.from,
    transfer.to,
    transfer.type,
    statusLabel(transfer.status),
    transfer.currency,
    amount(transfer.total),
    amount(transfer.commission),
    amount(transfer.gct),
    transfer.failure_reason ?? '',
  ];
}

export function refundRow(refund: Refund): ReportRow {
  return [
    'Refunds',
    refund.refund_transfer_id,
    when(refund.datetime),
    refund.from,
    refund.to,
    refund.motif,
    statusLabel(refund.refund_status),
    'JMD',
    amount(refund.amount_to_refund),
    amount(refund.commission_refund),
    amount(refund.gct_refund),
    refund.transactionID,
  ];
}

export function cbdcPaymentRow(payment: CbdcPayment, wallet: string): ReportRow {
  return [
    'Payments',
    payment.id,
    when(payment.date),
    payment.from_id,
    wallet,
    'PAYMENT',
    statusLabel(payment.status),
    'JAM-DEX',
    amount(payment.amount),
    amount(0),
    amount(0),
    '',
  ];
}

export function payoutRow(payout: Payout): ReportRow {
  return [
    'Payouts',
    `${payout.batch_id}-${payout.row_number}`,
    when(payout.paid_at ?? payout.batch_created_at),
    payout.batch_name,
    payout.lynk_id,
    'BATCH_PAYMENT',
    statusLabel(payout.status),
    'JMD',
    payout.amount === null ? '' : amount(payout.amount),
    amount(payout.fee),
    amount(payout.gct),
    payout.error ?? '',
  ];
}
