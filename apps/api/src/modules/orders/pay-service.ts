import { PRODUCT_MESSAGES } from '@lynk/contract/messages';
import { formatCents } from '@lynk/contract/money';
import type { PayLink } from '@lynk/contract/orders';
import type { Db } from '../../db/transaction.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import {
  type EngineOutcome,
  type Ledger,
  type PostingInput,
  type PostingRequest,
  storedAnswer,
} from '../ledger/index.ts';
import { recordAudit } from '../audit/index.ts';
import { declineOrder, findOrderByCode } from './repository.ts';

/** A wallet user paying on the pay page. */
export interface Consumer {
  id: number;
  handle: string;
  walletAccountId: number;
}

type PayLinkRow = NonNullable<Awaited<ReturnType<typeof findOrderByCode>>>;

/** An unpaid request past its time reads as EXPIRED, whether or not the expiry job has run. */
function effectiveStatus(row: PayLinkRow, now: Date): PayLink['status'] {
  return row.status === 'RECEIVED' && row.expires_at <= now ? 'EXPIRED' : row.status;
}

function toPayLink(row: PayLinkRow, now: Date): PayLink {
  return {
    m_order_id: row.id,
    merchant_name: row.merchant_name,
    amount_to_pay: Number(row.amount),
    description: row.description,
    status: effectiveStatus(row, now),
    expires_at: row.expires_at.toISOString(),
    transfer_id: row.transfer_id,
    paid_at: row.paid_at?.toISOString() ?? null,
  };
}

async function findPayLink(db: Db, code: string) {
  const row = await findOrderByCode(db, code);
  if (!row) throw notFound(PRODUCT_MESSAGES.payLinkNotFound);
  return row;
}

export async function readPayLink(db: Db, code: string, now: Date): Promise<PayLink> {
  return toPayLink(await findPayLink(db, code), now);
}

/** Why a pay link cannot be paid or declined any more, in the customer's words. */
function notPayable(status: PayLink['status']): AppError {
  const message =
    status === 'REJECTED'
      ? PRODUCT_MESSAGES.payLinkDeclined
      : status === 'EXPIRED'
        ? PRODUCT_MESSAGES.payLinkExpired
        : status === 'FAILED'
          ? PRODUCT_MESSAGES.payLinkUnavailable
          : PRODUCT_MESSAGES.payLinkPaid;
  return new AppError('ORDER_NOT_PAYABLE', 409, message);
}

/** The customer declines the request: it becomes REJECTED and can no longer be paid. */
export async function declinePayLink(
  db: Db,
  consumer: Consumer,
  code: string,
  now: Date,
  ip: string,
): Promise<PayLink> {
  const row = await findPayLink(db, code);
  if (!(await declineOrder(db, row.id, now))) throw notPayable(effectiveStatus(row, now));
  // The merchant's row: their audit log shows their requests' fate.
  await recordAudit(db, {
    actorUserId: null,
    organizationId: row.organization_id,
    action: 'order.declined',
    subject: row.id,
    details: { consumer: consumer.handle },
    ip,
  });
  return toPayLink({ ...row, status: 'REJECTED' }, now);
}

/**
 * Pays a request from the customer's J$ wallet: the merchant's wallet receives the amount less
 * the commission and its GCT, which go to Lynk's fee and tax accounts. One engine request, so the
 * money moves and the order becomes PAID together, only while it still awaits payment and has
 * not expired; a wallet without enough money is refused and the request stays payable.
 */
export async function payPayLink(
  db: Db,
  ledger: Ledger,
  consumer: Consumer,
  code: string,
  claim: NonNullable<PostingRequest['idempotency']>,
  now: Date,
  /** The customer's address; none when the demo seed pays its orders. */
  ip: string | null = null,
): Promise<EngineOutcome> {
  const replay = await storedAnswer(db, claim);
  if (replay) return replay;
  const row = await findPayLink(db, code);
  const status = effectiveStatus(row, now);
  if (status !== 'RECEIVED') throw notPayable(status);
  const amount = BigInt(row.amount);
  const fee = BigInt(row.fee);
  const tax = BigInt(row.tax);
  const [fees, gct] = await Promise.all([
    ledger.internalAccount('fees', row.merchant_id),
    ledger.internalAccount('gctPayable', row.merchant_id),
  ]);
  const postings: PostingInput[] = [
    { accountId: consumer.walletAccountId, currency: 'JMD', amount: -amount },
    ...(amount - fee - tax > 0n
      ? [{ accountId: row.wallet_account_id, currency: 'JMD' as const, amount: amount - fee - tax }]
      : []),
    ...(fee > 0n ? [{ accountId: fees, currency: 'JMD' as const, amount: fee }] : []),
    ...(tax > 0n ? [{ accountId: gct, currency: 'JMD' as const, amount: tax }] : []),
  ];
  const receipt: PayLink = {
    ...toPayLink(row, now),
    status: 'PAID',
    transfer_id: '',
    paid_at: now.toISOString(),
  };
  return ledger.post({
    merchantId: row.merchant_id,
    idempotency: claim,
    order: {
      orderId: row.id,
      from: 'RECEIVED',
      to: 'PAID',
      at: now,
      refundedBefore: 0n,
      unexpiredAt: now,
      payment: {
        payerAccountId: consumer.walletAccountId,
        lynkId: consumer.handle,
        notification: {
          title: 'Payment received',
          body: `${consumer.handle} paid ${formatCents(amount)} for order #${row.id}.`,
          data: { m_order_id: row.id, amount_to_pay: Number(amount), lynk_id: consumer.handle },
        },
      },
    },
    entry: { kind: 'ORDER_PAYMENT', description: `Payment of order ${row.id}`, createdAt: now, postings },
    // The merchant's row (money received is theirs to audit), with the paying customer's address.
    audit: {
      actorUserId: null,
      organizationId: row.organization_id,
      action: 'order.paid',
      subject: row.id,
      details: { consumer: consumer.handle, amount: Number(amount) },
      ip,
    },
    response: { statusCode: 200, body: { data: receipt }, entryIdPath: ['data', 'transfer_id'] },
    refusals: {
      INSUFFICIENT_FUNDS: {
        statusCode: 422,
        body: { code: 'INSUFFICIENT_FUNDS', message: PRODUCT_MESSAGES.payInsufficientFunds },
      },
      ORDER_CHANGED: {
        statusCode: 409,
        body: { code: 'ORDER_NOT_PAYABLE', message: PRODUCT_MESSAGES.payLinkUnavailable },
      },
    },
  });
}
