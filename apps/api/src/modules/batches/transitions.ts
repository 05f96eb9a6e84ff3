import { batchReviewPath, paymentHistoryPath, type ApproveBatch, type Batch } from '@lynk/contract/batches';
import { MESSAGES, PRODUCT_MESSAGES } from '@lynk/contract/messages';
import { formatCents } from '@lynk/contract/money';
import type { SessionIdentity } from '@lynk/contract/session';
import type { BatchStatus } from '../../db/schema-batches.ts';
import { inTransaction, type Db } from '../../db/transaction.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { listAccounts, readBalance, readWalletLimit } from '../account/index.ts';
import { recordAudit } from '../audit/index.ts';
import type { EnqueueBatchJob } from './queue.ts';
import { getBatch } from './service.ts';
import {
  findBatchState,
  insertNotification,
  lockBatchState,
  moveBatch,
  type BatchState,
} from './transition-repository.ts';

/** Who acts, from where, when. */
export interface TransitionCaller {
  identity: SessionIdentity;
  ip: string;
  now: Date;
  /** Sends an approved batch to be paid, in the transaction that approves it. */
  enqueueProcessing: EnqueueBatchJob | null;
}

const REVIEWABLE: readonly BatchStatus[] = ['VALIDATED', 'PENDING_APPROVAL'];
const conflict = (message: string) => new AppError('BATCH_STATUS_CONFLICT', 409, message);

/** Maker-checker (spec section 4): who uploaded a batch or sent it for approval does not approve it. */
function refuseMaker(batch: BatchState, identity: SessionIdentity): void {
  const userId = Number(identity.id);
  if (batch.created_by === userId || batch.requested_by === userId) {
    throw new AppError('SELF_APPROVAL', 403, PRODUCT_MESSAGES.batchSelfApproval);
  }
}

async function batchState(db: Db, merchantId: number, batchId: number) {
  const batch = await findBatchState(db, merchantId, batchId);
  if (!batch) throw notFound(PRODUCT_MESSAGES.batchNotFound);
  return batch;
}

/**
 * One transition: the move, its notification and its audit row commit together. The batch's row is
 * locked first and the move made only from `from` and past `guard`, both checked on the locked row:
 * a second call, or a racing one, is refused and writes nothing.
 */
async function transition(
  db: Db,
  caller: TransitionCaller,
  batchId: number,
  move: {
    from: readonly BatchStatus[];
    refusal: string;
    /** Refuses the caller on the locked batch (throws). */
    guard?: (batch: BatchState) => void;
    values: Parameters<typeof moveBatch>[3];
    notification: { code: string; title: string; body: string; redirect: string };
    audit: { action: string; details: Record<string, unknown> };
    /** What else commits with the move (the processing job of an approval). */
    alsoInTransaction?: (trx: Db) => Promise<void>;
  },
): Promise<Batch> {
  const { identity, now } = caller;
  await inTransaction(db, async (trx) => {
    const batch = await lockBatchState(trx, identity.merchant_id, batchId);
    if (!batch) throw notFound(PRODUCT_MESSAGES.batchNotFound);
    if (!move.from.includes(batch.status)) throw conflict(move.refusal);
    move.guard?.(batch);
    await moveBatch(trx, identity.merchant_id, batchId, { ...move.values, updated_at: now });
    await insertNotification(trx, {
      merchantId: identity.merchant_id,
      code: move.notification.code,
      title: move.notification.title,
      body: move.notification.body,
      data: { lynkRouteRedirect: move.notification.redirect, batch_id: batchId },
      at: now,
    });
    await recordAudit(trx, {
      actorUserId: Number(identity.id),
      organizationId: identity.org_id,
      action: move.audit.action,
      subject: String(batchId),
      details: move.audit.details,
      ip: caller.ip,
    });
    await move.alsoInTransaction?.(trx);
  });
  return getBatch(db, identity.merchant_id, batchId);
}

/** A maker sends a validated batch to the branch's admins (spec section 4): PENDING_APPROVAL. */
export async function requestApproval(db: Db, caller: TransitionCaller, batchId: number): Promise<Batch> {
  const batch = await batchState(db, caller.identity.merchant_id, batchId);
  return transition(db, caller, batchId, {
    from: ['VALIDATED'],
    refusal: PRODUCT_MESSAGES.batchNotValidated,
    values: { status: 'PENDING_APPROVAL', requested_by: Number(caller.identity.id) },
    notification: {
      code: 'BATCH_DISBURSE_FUNDS_TO_APPROVE',
      title: PRODUCT_MESSAGES.batchToApproveTitle,
      body: PRODUCT_MESSAGES.batchToApproveBody(batchId, formatCents(BigInt(batch.total))),
      redirect: batchReviewPath(caller.identity.org_id, batchId),
    },
    audit: { action: 'batch.approval_requested', details: {} },
  });
}

/**
 * A validated or pending batch is rejected, with an optional reason of at most 45 characters: by an
 * admin, or by its maker, who so cancels it.
 */
export async function rejectBatch(db: Db, caller: TransitionCaller, batchId: number, reason: string) {
  await batchState(db, caller.identity.merchant_id, batchId);
  return transition(db, caller, batchId, {
    from: REVIEWABLE,
    refusal: PRODUCT_MESSAGES.batchNotReviewable,
    values: {
      status: 'REJECTED',
      reject_reason: reason || null,
      reviewed_at: caller.now,
      reviewed_by: Number(caller.identity.id),
    },
    notification: {
      code: 'BATCH_DISBURSE_FUNDS_REJECTED',
      title: PRODUCT_MESSAGES.batchRejectedTitle,
      body: PRODUCT_MESSAGES.batchRejectedBody(batchId, reason),
      redirect: paymentHistoryPath(caller.identity.org_id),
    },
    audit: { action: 'batch.rejected', details: { reason } },
  });
}

/**
 * An admin approves a batch sent for approval, unless they uploaded it or sent it (maker-checker),
 * from a source of funds of the merchant's own (spec sections 4, 5): refused over the main wallet's remaining weekly MBATCH limit and, when the
 * main wallet pays, when its balance is below the total, with the spec's texts. A bank-account
 * source is cashed in when the batch is processed. The money moves only then, through the ledger
 * engine, which checks the balance and the limit again: the processing job is queued with the move.
 */
export async function approveBatch(db: Db, caller: TransitionCaller, batchId: number, source: ApproveBatch) {
  const { identity, now } = caller;
  const batch = await batchState(db, identity.merchant_id, batchId);
  // Checked again on the locked row when the batch moves; here so these refusals come first.
  if (batch.status !== 'PENDING_APPROVAL') throw conflict(PRODUCT_MESSAGES.batchNotPendingApproval);
  refuseMaker(batch, identity);
  const accounts = await listAccounts(db, identity.merchant_id);
  const funding = accounts.find((a) => a.id === source.account_id && a.type === source.account_type);
  const wallet = accounts.find((a) => a.type === 'LYNK');
  if (!funding || !wallet) throw notFound(PRODUCT_MESSAGES.batchFundingAccount);
  const total = BigInt(batch.total);
  const limit = await readWalletLimit(db, identity.merchant_id, wallet.id, 'MBATCH', now);
  if (total > BigInt(limit.remaining)) {
    const remaining = formatCents(limit.remaining, { currencyPrefix: '' });
    throw new AppError('WEEKLY_LIMIT_EXCEEDED', 422, MESSAGES.batch.weeklyLimitAdmin(remaining));
  }
  if (funding.type === 'LYNK') {
    const { balance } = await readBalance(db, identity.merchant_id, wallet.id);
    if (BigInt(balance) < total)
      throw new AppError('INSUFFICIENT_FUNDS', 422, MESSAGES.transfer.insufficientBalance);
  }
  return transition(db, caller, batchId, {
    from: ['PENDING_APPROVAL'],
    refusal: PRODUCT_MESSAGES.batchNotPendingApproval,
    guard: (locked) => refuseMaker(locked, identity),
    values: {
      status: 'APPROVED',
      account_id: funding.id,
      account_type: funding.type,
      reviewed_at: now,
      reviewed_by: Number(identity.id),
    },
    notification: {
      code: 'BATCH_DISBURSE_FUNDS_APPROVED',
      title: PRODUCT_MESSAGES.batchApprovedTitle,
      body: PRODUCT_MESSAGES.batchApprovedBody(batchId, formatCents(total)),
      redirect: batchReviewPath(identity.org_id, batchId),
    },
    audit: { action: 'batch.approved', details: { account_id: funding.id, account_type: funding.type } },
    alsoInTransaction: async (trx) => caller.enqueueProcessing?.(trx, batchId),
  });
}
