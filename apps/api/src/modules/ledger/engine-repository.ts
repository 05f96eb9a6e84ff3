import { sql } from 'kysely';
import type { Db } from '../../db/transaction.ts';
import type { EngineOutcome, EngineRefusalCode, PostingRequest, StoredAnswer } from './engine-types.ts';

/** Bigints travel as strings, dates as ISO strings: the function reads them back exactly. */
function toJson(requests: PostingRequest[]): string {
  return JSON.stringify(requests.map(toWire), (_key, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : value,
  );
}

function toWire(request: PostingRequest) {
  const { idempotency, limit, transfer, transition, order, payee, entry, audit, response, refusals } =
    request;
  return {
    idempotency: idempotency && {
      scope: idempotency.scope,
      key: idempotency.key,
      request_hash: idempotency.requestHash,
      expires_at: idempotency.expiresAt,
    },
    limit: limit && {
      account_id: limit.accountId,
      type: limit.type,
      period_start: limit.periodStart,
      amount: limit.amount,
      default_cap: limit.defaultCap,
    },
    transfer,
    transition: transition && {
      transfer_id: transition.transferId,
      from: transition.from,
      to: transition.to,
      at: transition.at,
      failure_reason: transition.failureReason,
      completed_at: transition.completedAt,
      rail_due_at: transition.railDueAt,
    },
    order: order && {
      order_id: order.orderId,
      from: order.from,
      to: order.to,
      at: order.at,
      refunded_before: order.refundedBefore,
      unexpired_at: order.unexpiredAt,
      payment: order.payment && {
        payer_account_id: order.payment.payerAccountId,
        lynk_id: order.payment.lynkId,
        notification: order.payment.notification,
      },
      refund: order.refund && {
        merchant_id: order.refund.merchantId,
        amount: order.refund.amount,
        commission: order.refund.commission,
        gct: order.refund.gct,
        motif: order.refund.motif,
        description: order.refund.description,
        created_by: order.refund.createdBy,
      },
    },
    payee: payee && { batch_id: payee.batchId, row_number: payee.rowNumber, at: payee.at },
    entry: entry && {
      kind: entry.kind,
      description: entry.description,
      created_at: entry.createdAt,
      transfer_id: entry.transferId,
      postings: entry.postings.map((p) => ({
        account_id: p.accountId,
        currency: p.currency,
        amount: p.amount,
      })),
    },
    audit: audit && {
      actor_user_id: audit.actorUserId,
      organization_id: audit.organizationId,
      action: audit.action,
      subject: audit.subject,
      details: audit.details,
      ip: audit.ip,
    },
    response: response && {
      status: response.statusCode,
      body: response.body,
      transfer_id_path: response.transferIdPath,
      entry_id_path: response.entryIdPath,
    },
    refusals: refusals && {
      INSUFFICIENT_FUNDS: answer(refusals.INSUFFICIENT_FUNDS),
      DAILY_LIMIT_EXCEEDED: refusals.DAILY_LIMIT_EXCEEDED && answer(refusals.DAILY_LIMIT_EXCEEDED),
      ORDER_CHANGED: refusals.ORDER_CHANGED && answer(refusals.ORDER_CHANGED),
    },
  };
}

const answer = ({ statusCode, body }: StoredAnswer) => ({ status: statusCode, body });

interface WireOutcome {
  outcome: EngineOutcome['outcome'];
  transfer_id?: string | null;
  entry_id?: string | null;
  code?: EngineRefusalCode;
  status?: number | string | null;
  body?: unknown;
  same_request?: boolean;
}

/** One batch, one statement, one transaction: `ledger_post_batch` (migration 0005). */
export async function callPostBatch(db: Db, requests: PostingRequest[]): Promise<EngineOutcome[]> {
  const result = await sql<{ outcomes: WireOutcome[] }>`
    select ledger_post_batch(${toJson(requests)}::jsonb) as outcomes`.execute(db);
  return result.rows[0]!.outcomes.map(fromWire);
}

function fromWire(wire: WireOutcome): EngineOutcome {
  const statusCode = wire.status === null || wire.status === undefined ? null : Number(wire.status);
  switch (wire.outcome) {
    case 'accepted':
      return {
        outcome: 'accepted',
        transferId: wire.transfer_id ?? null,
        entryId: wire.entry_id ?? null,
        statusCode,
        body: wire.body,
      };
    case 'refused':
      return { outcome: 'refused', code: wire.code!, statusCode: statusCode!, body: wire.body };
    case 'replayed':
      return { outcome: 'replayed', sameRequest: wire.same_request === true, statusCode, body: wire.body };
    case 'stale':
      return { outcome: 'stale' };
  }
}
