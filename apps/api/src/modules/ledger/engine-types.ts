import type { Insertable } from 'kysely';
import type { LimitTransferType } from '@lynk/contract/statuses';
import type { RefundReason } from '@lynk/contract/constants';
import type { OrderStatus } from '@lynk/contract/statuses';
import type { Currency, TransferStatus, TransfersTable } from '../../db/schema.ts';

export interface PostingInput {
  accountId: number;
  currency: Currency;
  /** Signed cents: negative takes money out of the account, positive puts it in. */
  amount: bigint;
}

/** An answer to send: its status and body (the engine stores it under the idempotency key). */
export interface StoredAnswer {
  statusCode: number;
  body: unknown;
}

/**
 * One money movement for the engine: every part is optional, and what is there happens together
 * or not at all. The engine decides it against the running balances and limits of its batch.
 */
export interface PostingRequest {
  /** Decides which writer posts it: one merchant's requests always queue on the same one. */
  merchantId: number | null;
  /** A client's key: the request runs at most once, and a replay gets the stored answer. */
  idempotency?: { scope: string; key: string; requestHash: string; expiresAt: Date };
  /** Counted against (amount > 0) or given back to (amount < 0) a wallet's period limit. */
  limit?: {
    accountId: number;
    type: LimitTransferType;
    periodStart: string;
    amount: bigint;
    /** The standard limit, when the merchant has none of its own. */
    defaultCap: bigint;
  };
  /** A new transfer row (its id is made by the engine). */
  transfer?: Omit<Insertable<TransfersTable>, 'id'> & { rail_due_at?: Date | null };
  /** Moves an existing transfer on, only if it is still in `from` (else the outcome is `stale`). */
  transition?: {
    transferId: string;
    from: TransferStatus;
    to: TransferStatus;
    at: Date;
    failureReason?: string;
    completedAt?: Date;
    /** When the bank rail takes the transfer up next; null once it needs the rail no more. */
    railDueAt: Date | null;
  };
  /**
   * An order paid or refunded (ADR 021), only from the state the caller read: status `from`, with
   * `refundedBefore` refunded and, for a payment, not expired at `unexpiredAt`. Otherwise the
   * request is refused with ORDER_CHANGED. A payment records its payer and its journal entry; a
   * refund adds a refund row (its id is the journal entry) and counts against the order's amount.
   */
  order?: {
    orderId: string;
    from: OrderStatus;
    to: OrderStatus;
    at: Date;
    refundedBefore?: bigint;
    unexpiredAt?: Date;
    /** The merchant's staff hear of it: a PAYMENT_RECEIVED notification, written with the money. */
    payment?: {
      payerAccountId: number;
      lynkId: string;
      notification: { title: string; body: string; data: Record<string, unknown> };
    };
    refund?: {
      merchantId: number;
      amount: bigint;
      commission: bigint;
      gct: bigint;
      motif: RefundReason;
      description: string;
      createdBy: number | null;
    };
  };
  /**
   * A batch payee paid (ADR 023): its row is locked and must still be VALID, else the outcome is
   * `stale` and nothing moves, so a payee is never paid twice. Accepted, it becomes PAID with the
   * journal entry; refused, FAILED with the refusal's message, in the same statement.
   */
  payee?: { batchId: number; rowNumber: number; at: Date };
  /** A balanced journal entry; its transfer is the new or moved one, else `transferId`. */
  entry?: {
    kind: string;
    description: string;
    createdAt: Date;
    transferId?: string;
    postings: PostingInput[];
  };
  /** The audit row; its subject defaults to the transfer's id. */
  audit?: {
    actorUserId: number | null;
    organizationId: string | null;
    action: string;
    subject?: string;
    details?: Record<string, unknown>;
    ip?: string | null;
  };
  /**
   * The answer when accepted; the transfer's id is written at `transferIdPath` of the body, the
   * journal entry's at `entryIdPath`.
   */
  response?: StoredAnswer & { transferIdPath?: string[]; entryIdPath?: string[] };
  /**
   * The answers when refused. `{remaining}` in the limit refusal's message becomes the amount
   * left in the period (formatted 1,234.56) and `details.remaining` its cents.
   */
  refusals?: {
    INSUFFICIENT_FUNDS: StoredAnswer;
    DAILY_LIMIT_EXCEEDED?: StoredAnswer;
    ORDER_CHANGED?: StoredAnswer;
  };
}

export type EngineOutcome =
  | {
      outcome: 'accepted';
      transferId: string | null;
      entryId: string | null;
      statusCode: number | null;
      body: unknown;
    }
  | {
      outcome: 'refused';
      code: EngineRefusalCode;
      statusCode: number;
      body: unknown;
    }
  /** The key was used before (or earlier in the same batch): the stored answer. */
  | { outcome: 'replayed'; sameRequest: boolean; statusCode: number | null; body: unknown }
  /** A transition whose transfer had already moved on, or a payee no longer VALID: nothing happened. */
  | { outcome: 'stale' };

export type EngineRefusalCode = 'INSUFFICIENT_FUNDS' | 'DAILY_LIMIT_EXCEEDED' | 'ORDER_CHANGED';
