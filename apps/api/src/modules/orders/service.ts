import { randomBytes } from 'node:crypto';
import type { ListingQuery } from '@lynk/contract/listings';
import { MESSAGES, PRODUCT_MESSAGES } from '@lynk/contract/messages';
import { formatCents } from '@lynk/contract/money';
import type {
  CreatePaymentRequest,
  Order,
  PaymentRequest,
  Refund,
  RefundRequest,
} from '@lynk/contract/orders';
import { hasPermission } from '@lynk/contract/permissions';
import { ROLE_NAMES } from '@lynk/contract/roles';
import type { SessionIdentity } from '@lynk/contract/session';
import type { Db } from '../../db/transaction.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import {
  type EngineOutcome,
  type Ledger,
  type PostingRequest,
  storedAnswer,
  withIdempotency,
} from '../ledger/index.ts';
import { recordAudit } from '../audit/index.ts';
import { orderFees, refundShares, type FeeSchedule } from './fees.ts';
import {
  findMainWallet,
  findOrder,
  insertOrder,
  listOrders as listOrderRows,
  listRefunds as listRefundRows,
  orderRowsBefore,
  ordersCreatedBy,
  refundRowsBefore,
  type ExportBounds,
  type ExportCursor,
  type OrderRow,
  type RefundRow,
} from './repository.ts';

export interface OrderSettings {
  feeSchedule: FeeSchedule;
  paymentRequestTtlMs: number;
  publicUrl: string;
}

function toOrderDto(row: OrderRow): Order {
  return {
    m_order_id: row.id,
    transfer_id: row.transfer_id,
    external_transaction_id: row.external_transaction_id,
    lynk_id: row.lynk_id,
    // When the order was made: what the list sorts and filters by, so the dates shown follow the order.
    datetime: row.created_at.toISOString(),
    amount_to_pay: Number(row.amount),
    fee: Number(row.fee),
    tax: Number(row.tax),
    status: row.status,
    channel: row.channel,
    cashier_name: row.cashier_name,
    description: row.description,
    amount_refunded: Number(row.refunded),
  };
}

function toRefundDto(row: RefundRow): Refund {
  return {
    refund_transfer_id: row.id,
    transactionID: row.order_id,
    external_transaction_id: row.external_transaction_id,
    source_user_name: row.created_by_name ?? '',
    from: row.merchant_name,
    to: row.lynk_id ?? '',
    date: row.created_at.toISOString().slice(0, 10),
    datetime: row.created_at.toISOString(),
    amount_to_refund: Number(row.amount),
    commission_refund: Number(row.commission_refund),
    gct_refund: Number(row.gct_refund),
    motif: row.motif,
    description: row.description,
    refund_status: 'COMPLETED',
  };
}

/**
 * A user who may read only their own orders (`read:owned-orders` without `read:orders`, the
 * cashier) sees the orders they created; everyone else with the tab sees the merchant's.
 */
export function ownerFilter(identity: SessionIdentity): number | undefined {
  return hasPermission(identity.permissions, 'read:orders') ? undefined : Number(identity.id);
}

/**
 * The ids (as text) of the orders `createdBy` took at a merchant: what `ownerFilter` lets them
 * read, as a subquery for what else tells of those orders (their payment notifications).
 */
export function ownOrderIds(db: Db, merchantId: number, createdBy: number) {
  return ordersCreatedBy(db, merchantId, createdBy);
}

export async function listOrders(db: Db, identity: SessionIdentity, query: ListingQuery) {
  const { rows, total } = await listOrderRows(db, identity.merchant_id, query, ownerFilter(identity));
  return {
    result: rows.map(toOrderDto),
    meta_data: { count: rows.length, limit: query.limit, offset: query.offset, total },
  };
}

/**
 * A page of an "Export all" of the orders: what the listing shows the caller (a cashier their own
 * orders only), newest first after `before`, with the cursor of its last row.
 */
export async function exportOrdersPage(
  db: Db,
  identity: SessionIdentity,
  bounds: ExportBounds,
  before: ExportCursor | null,
  limit: number,
) {
  const rows = await orderRowsBefore(db, identity.merchant_id, bounds, ownerFilter(identity), before, limit);
  const last = rows.at(-1);
  return { items: rows.map(toOrderDto), next: last ? { at: last.created_at, id: last.id } : null };
}

/** A page of an "Export all" of the merchant's refunds, newest first after `before`. */
export async function exportRefundsPage(
  db: Db,
  merchantId: number,
  bounds: ExportBounds,
  before: ExportCursor | null,
  limit: number,
) {
  const rows = await refundRowsBefore(db, merchantId, bounds, before, limit);
  const last = rows.at(-1);
  return { items: rows.map(toRefundDto), next: last ? { at: last.created_at, id: last.id } : null };
}

export async function getOrder(db: Db, identity: SessionIdentity, orderId: string): Promise<Order> {
  const row = await findOrder(db, identity.merchant_id, orderId, ownerFilter(identity));
  if (!row) throw notFound(PRODUCT_MESSAGES.orderNotFound);
  return toOrderDto(row);
}

export async function listRefunds(db: Db, merchantId: number, query: ListingQuery) {
  const { rows, total } = await listRefundRows(db, merchantId, query);
  return {
    result: rows.map(toRefundDto),
    meta_data: { count: rows.length, limit: query.limit, offset: query.offset, total },
  };
}

/**
 * A payment request: an order awaiting payment on the customer's pay page, with its commission
 * and GCT fixed now from the fee schedule. A cashier's orders carry their name.
 */
export async function createPaymentRequest(
  db: Db,
  caller: { identity: SessionIdentity; ip: string; now: Date; settings: OrderSettings },
  input: CreatePaymentRequest,
  claim: NonNullable<PostingRequest['idempotency']>,
): Promise<EngineOutcome> {
  const { identity, now, settings } = caller;
  const wallet = await findMainWallet(db, identity.merchant_id);
  if (wallet === undefined) throw notFound(PRODUCT_MESSAGES.walletNotFound);
  const amount = BigInt(input.amount_to_pay);
  const { fee, tax } = orderFees(amount, settings.feeSchedule);
  return withIdempotency(db, claim, async (trx) => {
    const code = randomBytes(16).toString('base64url');
    const expiresAt = new Date(now.getTime() + settings.paymentRequestTtlMs);
    const id = await insertOrder(trx, {
      merchant_id: identity.merchant_id,
      wallet_account_id: wallet,
      code,
      amount,
      fee,
      tax,
      currency: 'JMD',
      description: input.description,
      status: 'RECEIVED',
      channel: 'PAYMENT_LINK',
      created_by: Number(identity.id),
      cashier_name: identity.role === ROLE_NAMES[3] ? identity.displayName : null,
      created_at: now,
      updated_at: now,
      expires_at: expiresAt,
      external_transaction_id: null,
    });
    await recordAudit(trx, {
      actorUserId: Number(identity.id),
      organizationId: identity.org_id,
      action: 'order.payment_requested',
      subject: id,
      details: { amount: input.amount_to_pay },
      ip: caller.ip,
    });
    const body: { data: PaymentRequest } = {
      data: {
        m_order_id: id,
        amount_to_pay: input.amount_to_pay,
        short_url: `${settings.publicUrl}/pay/${code}`,
        expires_at: expiresAt.toISOString(),
      },
    };
    return { statusCode: 201, body };
  });
}

const refundRefusals = {
  INSUFFICIENT_FUNDS: {
    statusCode: 422,
    body: { code: 'INSUFFICIENT_FUNDS', message: MESSAGES.refund.balanceTooLow },
  },
  ORDER_CHANGED: { statusCode: 409, body: { code: 'ORDER_CHANGED', message: PRODUCT_MESSAGES.orderChanged } },
};

/**
 * Gives a paid order's money back to the customer's wallet at once (wallet to wallet), with the
 * matching share of the commission and its GCT: a full refund returns what is left of the order,
 * partial ones add up to at most its amount. One engine request, so the money, the order and the
 * refund row change together, and only if the order is as it was read.
 */
export async function refundOrder(
  db: Db,
  ledger: Ledger,
  caller: { identity: SessionIdentity; ip: string; now: Date },
  orderId: string,
  kind: 'full' | 'partial',
  input: RefundRequest,
  claim: NonNullable<PostingRequest['idempotency']>,
): Promise<EngineOutcome> {
  const { identity, now } = caller;
  const replay = await storedAnswer(db, claim);
  if (replay) return replay;
  const order = await findOrder(db, identity.merchant_id, orderId);
  if (!order) throw notFound(PRODUCT_MESSAGES.orderNotFound);
  if (order.status !== 'PAID' || order.transfer_id === null) {
    throw new AppError('ORDER_NOT_REFUNDABLE', 409, PRODUCT_MESSAGES.orderNotRefundable);
  }
  if (input.transferID !== order.transfer_id) {
    throw new AppError('REFUND_AMOUNT_INVALID', 422, PRODUCT_MESSAGES.refundTransferMismatch);
  }
  const total = BigInt(order.amount);
  const refunded = BigInt(order.refunded);
  const remaining = total - refunded;
  const amount = BigInt(input.amount_to_refund);
  if (amount > remaining) throw new AppError('REFUND_AMOUNT_INVALID', 422, MESSAGES.refund.amountOverTotal);
  if (kind === 'full' && amount !== remaining) {
    throw new AppError(
      'REFUND_AMOUNT_INVALID',
      422,
      PRODUCT_MESSAGES.fullRefundAmount(formatCents(remaining)),
    );
  }
  const shares = refundShares(
    {
      amount: total,
      fee: BigInt(order.fee),
      tax: BigInt(order.tax),
      refunded,
      refundedFee: BigInt(order.refunded_fee),
      refundedTax: BigInt(order.refunded_tax),
    },
    amount,
  );
  const payer = order.payer_account_id;
  if (payer === null) throw new Error(`Paid order ${order.id} has no payer`);
  const [fees, gct] = await Promise.all([
    ledger.internalAccount('fees', identity.merchant_id),
    ledger.internalAccount('gctPayable', identity.merchant_id),
  ]);
  const fromMerchant = amount - shares.commission - shares.gct;
  const postings = [
    { accountId: payer, currency: 'JMD' as const, amount },
    ...(fromMerchant > 0n
      ? [{ accountId: order.wallet_account_id, currency: 'JMD' as const, amount: -fromMerchant }]
      : []),
    ...(shares.commission > 0n
      ? [{ accountId: fees, currency: 'JMD' as const, amount: -shares.commission }]
      : []),
    ...(shares.gct > 0n ? [{ accountId: gct, currency: 'JMD' as const, amount: -shares.gct }] : []),
  ];
  const refund: Refund = {
    refund_transfer_id: '',
    transactionID: order.id,
    external_transaction_id: order.external_transaction_id,
    source_user_name: identity.displayName,
    from: order.merchant_name,
    to: order.lynk_id ?? '',
    date: now.toISOString().slice(0, 10),
    datetime: now.toISOString(),
    amount_to_refund: input.amount_to_refund,
    commission_refund: Number(shares.commission),
    gct_refund: Number(shares.gct),
    motif: input.motif,
    description: input.description,
    refund_status: 'COMPLETED',
  };
  return ledger.post({
    merchantId: identity.merchant_id,
    idempotency: claim,
    order: {
      orderId: order.id,
      from: 'PAID',
      to: amount === remaining ? 'REFUNDED' : 'PAID',
      at: now,
      refundedBefore: refunded,
      refund: {
        merchantId: identity.merchant_id,
        amount,
        commission: shares.commission,
        gct: shares.gct,
        motif: input.motif,
        description: input.description,
        createdBy: Number(identity.id),
      },
    },
    entry: { kind: 'ORDER_REFUND', description: `Refund of order ${order.id}`, createdAt: now, postings },
    audit: {
      actorUserId: Number(identity.id),
      organizationId: identity.org_id,
      action: kind === 'full' ? 'order.refunded' : 'order.partially_refunded',
      subject: order.id,
      details: { amount: input.amount_to_refund, motif: input.motif },
      ip: caller.ip,
    },
    response: { statusCode: 201, body: { data: refund }, entryIdPath: ['data', 'refund_transfer_id'] },
    refusals: refundRefusals,
  });
}
