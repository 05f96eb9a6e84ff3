import { MESSAGES } from '@lynk/contract/messages';
import type { TransferStatus } from '../db/schema.ts';
import type { Db } from '../db/transaction.ts';
import {
  listStuckTransfers,
  lockTransfer,
  railFacts,
  scheduleRailStep,
  transitionTransfer,
  type RailQueue,
} from '../modules/account/transfer-status.ts';
import { recordAudit } from '../modules/audit/service.ts';
import { internalAccountId } from '../modules/ledger/internal-accounts.ts';
import { releaseLimit } from '../modules/ledger/limits.ts';
import { postEntry } from '../modules/ledger/service.ts';

/**
 * The simulated bank rail: a bank transfer is SCHEDULED (or PENDING, a cash-in), then TRANSMITTED
 * to the bank, then COMPLETED — or FAILED with the money returned, for a bank account flagged to
 * fail. Each call moves a transfer one step in one transaction: status, postings, audit and the
 * next step's job commit together. A step that already happened changes nothing, so a job that
 * runs twice never pays twice.
 */
export async function advanceBankTransfer(
  db: Db,
  rail: RailQueue | null,
  transferId: string,
  now = new Date(),
): Promise<TransferStatus | null> {
  return db.transaction().execute(async (trx) => {
    const transfer = await lockTransfer(trx, transferId);
    if (!transfer || transfer.jam_dex) return null;
    if (transfer.status === 'SCHEDULED' || transfer.status === 'PENDING') {
      await transitionTransfer(trx, transferId, transfer.status, 'TRANSMITTED');
      if (rail) await scheduleRailStep(trx, rail, transferId);
      return 'TRANSMITTED';
    }
    if (transfer.status !== 'TRANSMITTED') return null;

    const { simulateFailure, organizationId } = await railFacts(trx, transfer);
    const bankSettlement = await internalAccountId(trx, 'bankSettlement');
    const amount = BigInt(transfer.amount);
    const base = { transferId, createdAt: now };

    if (simulateFailure) {
      await transitionTransfer(trx, transferId, 'TRANSMITTED', 'FAILED', {
        failure_reason: MESSAGES.transactionStatus.transferFailedDescription,
      });
      // Lock order (ADR 008): the limit row before the account rows the return posts to.
      if (transfer.limit_type && transfer.limit_period_start) {
        await releaseLimit(
          trx,
          transfer.wallet_account_id,
          transfer.limit_type,
          transfer.limit_period_start,
          amount,
        );
      }
      if (transfer.direction === 'CASH_OUT') {
        await postEntry(trx, {
          ...base,
          kind: 'BANK_RETURN',
          description: `Returned: ${transfer.to_label}`,
          postings: [
            { accountId: bankSettlement, currency: 'JMD', amount: -amount },
            { accountId: transfer.wallet_account_id, currency: 'JMD', amount },
          ],
        });
      }
      await recordAudit(trx, {
        actorUserId: null,
        organizationId,
        action: 'transfer.failed',
        subject: transferId,
      });
      return 'FAILED';
    }

    await transitionTransfer(trx, transferId, 'TRANSMITTED', 'COMPLETED', { completed_at: now });
    if (transfer.direction === 'CASH_IN') {
      await postEntry(trx, {
        ...base,
        kind: 'BANK_TO_WALLET',
        description: `${transfer.from_label} → ${transfer.to_label}`,
        postings: [
          { accountId: bankSettlement, currency: 'JMD', amount: -amount },
          { accountId: transfer.wallet_account_id, currency: 'JMD', amount },
        ],
      });
    }
    await recordAudit(trx, {
      actorUserId: null,
      organizationId,
      action: 'transfer.completed',
      subject: transferId,
    });
    return 'COMPLETED';
  });
}

export const BANK_RAIL_SWEEP_JOB = 'bank-rail-sweep';
/** Every minute: a lost rail job leaves a transfer waiting at most this long plus the grace below. */
export const BANK_RAIL_SWEEP_CRON = '* * * * *';
const SWEEP_BATCH = 100;

/**
 * How long a transfer may sit in one rail status before the sweep takes over: several rail steps,
 * and never under a minute, so the sweep does not race the step jobs that are merely running late.
 */
export const stuckAfterMs = (stepSeconds: number) => Math.max(60, 5 * stepSeconds) * 1000;

/**
 * Finishes bank transfers whose rail job was lost (a crash between steps, a job that ran out of
 * retries): each is stepped to COMPLETED or FAILED right here. Answers how many it finished.
 */
export async function sweepStuckTransfers(db: Db, stepSeconds: number, now = new Date()): Promise<number> {
  const stuck = await listStuckTransfers(
    db,
    new Date(now.getTime() - stuckAfterMs(stepSeconds)),
    SWEEP_BATCH,
  );
  for (const transferId of stuck) {
    // No queue: the sweep takes the transfer through its remaining steps itself.
    while ((await advanceBankTransfer(db, null, transferId, now)) === 'TRANSMITTED');
  }
  return stuck.length;
}
