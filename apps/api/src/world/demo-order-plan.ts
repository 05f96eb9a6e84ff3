import { randomBytes } from 'node:crypto';
import type { RefundReason } from '@lynk/contract/constants';
import type { OrderChannel, OrderStatus } from '@lynk/contract/statuses';
import { type FeeSchedule, orderFees } from '../modules/orders/index.ts';
import { random } from './demo-ledger.ts';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long a demo payment request could be paid (the server's default, PAYMENT_REQUEST_TTL_HOURS). */
const DEMO_REQUEST_TTL_MS = 24 * HOUR;

export interface StaffMember {
  userId: number;
  displayName: string;
}

export interface BranchStaff {
  merchantId: number;
  orgId: string;
  walletId: number;
  admin: StaffMember;
  manager: StaffMember;
  cashier: StaffMember;
}

interface PlannedRefund {
  kind: 'full' | 'partial';
  amount: bigint;
  at: Date;
  motif: RefundReason;
  description: string;
}

export interface PlannedOrder {
  code: string;
  amount: bigint;
  fee: bigint;
  tax: bigint;
  channel: OrderChannel;
  /** What it ends as; money statuses get there through the pay and refund services. */
  status: OrderStatus;
  description: string;
  createdBy: number | null;
  cashierName: string | null;
  createdAt: Date;
  expiresAt: Date;
  /** When the customer declined it, its payment failed or it expired (the orders without money). */
  updatedAt: Date;
  externalId: string | null;
  /** The paying customer (an index into DEMO_CONSUMERS) and when they paid. */
  payer: number | null;
  paidAt: Date | null;
  /** Given back in this order, each after the one before. */
  refunds: PlannedRefund[];
}

type Shape =
  'paid' | 'partial' | 'full' | 'split' | 'pending' | 'expired' | 'rejected' | 'failed' | 'awaiting';

/** Per branch: a few hundred orders in every status, most of them paid. */
const SHAPES: Array<[Shape, number]> = [
  ['paid', 190],
  ['partial', 10],
  ['full', 10],
  ['split', 6],
  ['pending', 6],
  ['expired', 24],
  ['rejected', 18],
  ['failed', 14],
  ['awaiting', 5],
];

const STATUS_OF: Record<Shape, OrderStatus> = {
  paid: 'PAID',
  partial: 'PAID',
  full: 'REFUNDED',
  split: 'REFUNDED',
  pending: 'PENDING_REFUND',
  expired: 'EXPIRED',
  rejected: 'REJECTED',
  failed: 'FAILED',
  awaiting: 'RECEIVED',
};

const CHANNEL_WEIGHTS: Array<[OrderChannel, number]> = [
  ['SHOW_TO_PAY', 30],
  ['SCAN_AND_PAY', 28],
  ['PAYMENT_LINK', 16],
  ['PAY_WITH_LYNK', 14],
  ['FIND_AND_PAY', 12],
];

/** Staff make requests at the till (shown or sent); customers start the others from the app or a shop. */
const STAFF_CHANNELS = new Set<OrderChannel>(['SHOW_TO_PAY', 'SCAN_AND_PAY', 'PAYMENT_LINK']);

/** What customers buy in the demo (and the bulk demo traffic); '' is an order without a note. */
export const DEMO_ORDER_NOTES = [
  'Two flat whites',
  'Latte and beef patty',
  'Blue Mountain beans, 1 lb',
  'Cappuccino',
  'Iced coffee x3',
  'Espresso and bun & cheese',
  'Cold brew growler',
  'Ackee & saltfish breakfast',
  'Hot chocolate and croissant',
  'Gift card',
  '',
];
const MOTIFS: RefundReason[] = ['WRONG', 'NOT_NEEDED', 'DAMAGED', 'OTHER'];
const REFUND_NOTES = ['Wrong size', 'Order cancelled', 'Spilled at the counter', 'Charged twice', ''];

const refundShape = (shape: Shape) => shape === 'partial' || shape === 'full' || shape === 'split';

function pick<T>(next: () => number, weighted: Array<[T, number]>): T {
  const total = weighted.reduce((sum, [, w]) => sum + w, 0);
  let roll = next() * total;
  for (const [value, weight] of weighted) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return weighted[weighted.length - 1]![0];
}

/** Café prices in whole J$50, now and then a catering order. */
function amountOf(next: () => number): bigint {
  const dollars = next() < 0.9 ? 300 + Math.floor(next() * 84) * 50 : 8_000 + Math.floor(next() * 54) * 500;
  return BigInt(dollars) * 100n;
}

/** J$10 multiples between 30 % and 60 % of the amount: a partial refund. */
function partOf(amount: bigint, next: () => number): bigint {
  const part = (amount * BigInt(30 + Math.floor(next() * 30))) / 100n;
  const rounded = (part / 1_000n) * 1_000n;
  return rounded > 0n ? rounded : 100n;
}

/** The time of day a café takes orders: 7:00 to 19:00 in Jamaica (UTC−5). */
function duringOpeningHours(day: Date, next: () => number): Date {
  const midnightUtc = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
  return new Date(midnightUtc + 12 * HOUR + Math.floor(next() * 12 * 60) * MINUTE);
}

/**
 * A branch's demo orders over the last three months, deterministic but for the pay-link codes
 * (unguessable, like every pay link's). `payerWeights` picks who paid each order.
 */
export function planDemoOrders(
  branchIndex: number,
  staff: BranchStaff,
  payerWeights: number[],
  feeSchedule: FeeSchedule,
  now: Date,
): PlannedOrder[] {
  const next = random(7_000 + branchIndex);
  const shapes = SHAPES.flatMap(([shape, count]) => Array.from({ length: count }, () => shape));
  const payers = payerWeights.map((weight, i): [number, number] => [i, weight]);
  return shapes.map((shape, n) => {
    const status = STATUS_OF[shape];
    const awaitsCustomer = shape === 'expired' || shape === 'rejected' || shape === 'awaiting';
    const channel: OrderChannel = awaitsCustomer
      ? next() < 0.6
        ? 'PAYMENT_LINK'
        : 'SHOW_TO_PAY'
      : pick(next, CHANNEL_WEIGHTS);
    const creator = STAFF_CHANNELS.has(channel)
      ? pick(next, [
          [staff.cashier, 60],
          [staff.manager, 25],
          [staff.admin, 15],
        ])
      : null;
    // Expired requests are over a day old, refunded orders six days, so all they went through is past.
    const minDays = shape === 'expired' ? 2 : refundShape(shape) ? 6 : 1;
    const createdAt =
      shape === 'awaiting'
        ? new Date(now.getTime() - (1 + Math.floor(next() * 5 * 60)) * MINUTE)
        : duringOpeningHours(
            new Date(now.getTime() - (minDays + Math.floor(next() * (91 - minDays))) * DAY),
            next,
          );
    const expiresAt = new Date(createdAt.getTime() + DEMO_REQUEST_TTL_MS);
    const amount = amountOf(next);
    const { fee, tax } = orderFees(amount, feeSchedule);
    const paid = status === 'PAID' || status === 'REFUNDED' || status === 'PENDING_REFUND';
    const paidAt = paid ? new Date(createdAt.getTime() + (1 + Math.floor(next() * 20)) * MINUTE) : null;
    const refunds: PlannedRefund[] = [];
    const refund = (kind: 'full' | 'partial', value: bigint, afterHours: number) => {
      const previous = refunds[refunds.length - 1]?.at ?? paidAt!;
      refunds.push({
        kind,
        amount: value,
        at: new Date(previous.getTime() + afterHours * HOUR),
        motif: MOTIFS[Math.floor(next() * MOTIFS.length)]!,
        description: REFUND_NOTES[Math.floor(next() * REFUND_NOTES.length)]!,
      });
    };
    if (shape === 'partial') refund('partial', partOf(amount, next), 2 + Math.floor(next() * 48));
    if (shape === 'full') refund('full', amount, 1 + Math.floor(next() * 24));
    if (shape === 'split') {
      const part = partOf(amount, next);
      refund('partial', part, 1 + Math.floor(next() * 24));
      refund('full', amount - part, 24 + Math.floor(next() * 48));
    }
    const settledAfter =
      shape === 'expired'
        ? DEMO_REQUEST_TTL_MS
        : shape === 'awaiting'
          ? 0
          : (2 + Math.floor(next() * 30)) * MINUTE;
    return {
      code: randomBytes(16).toString('base64url'),
      amount,
      fee,
      tax,
      channel,
      status,
      description: DEMO_ORDER_NOTES[Math.floor(next() * DEMO_ORDER_NOTES.length)]!,
      createdBy: creator?.userId ?? null,
      cashierName: creator === staff.cashier ? creator.displayName : null,
      createdAt,
      expiresAt,
      updatedAt: new Date(createdAt.getTime() + settledAfter),
      externalId: channel === 'PAY_WITH_LYNK' ? `WEB-${staff.merchantId}-${10_000 + n}` : null,
      payer: paid ? pick(next, payers) : null,
      paidAt,
      refunds,
    };
  });
}
