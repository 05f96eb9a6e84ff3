import { fromKysely, type PgBoss } from 'pg-boss';
import type { TransferStatus } from '../../db/schema.ts';
import type { Db } from '../../db/transaction.ts';
import {
  findRailFacts,
  findTransferForUpdate,
  listTransfersUnchangedSince,
  updateTransferStatus,
  type TransferRow,
} from './repository.ts';

export const BANK_RAIL_QUEUE = 'bank-rail-advance';

/** Where a bank transfer's next step is queued, and how long after the previous one it runs. */
export interface RailQueue {
  boss: PgBoss;
  stepSeconds: number;
}

/**
 * Queues a transfer's next rail step in the caller's transaction (pg-boss writes its job row
 * through `db`), so the step is queued exactly when the status change that needs it commits.
 */
export async function scheduleRailStep(db: Db, rail: RailQueue, transferId: string): Promise<void> {
  await rail.boss.send(
    BANK_RAIL_QUEUE,
    { transferId },
    { db: fromKysely(db), startAfter: rail.stepSeconds, singletonKey: `transfer-${transferId}` },
  );
}

/** The transfer, locked for the rest of the caller's transaction. */
export function lockTransfer(db: Db, transferId: string): Promise<TransferRow | undefined> {
  return findTransferForUpdate(db, transferId);
}

/**
 * Moves a transfer the caller has locked from one status to the next. The row is locked and was
 * read in `from`, so anything but exactly one changed row is a bug: it throws (and the caller's
 * transaction, with any posting or queued job, rolls back) instead of carrying on.
 */
export async function transitionTransfer(
  db: Db,
  transferId: string,
  from: TransferStatus,
  to: TransferStatus,
  extra: { failure_reason?: string; completed_at?: Date } = {},
): Promise<TransferRow> {
  const updated = await updateTransferStatus(db, transferId, from, to, extra);
  if (!updated) throw new Error(`Transfer ${transferId} was not ${from}: cannot move it to ${to}`);
  return updated;
}

/** Whether the bank refuses the transfer's account, and which organization the transfer is for. */
export function railFacts(db: Db, transfer: TransferRow) {
  return findRailFacts(db, transfer.counterpart_account_id, transfer.merchant_id);
}

/**
 * Bank transfers waiting on the rail (SCHEDULED or TRANSMITTED) that have not moved since
 * `before`. PENDING cash-ins are left alone: they wait for the bank to pull, which may take long.
 */
export function listStuckTransfers(db: Db, before: Date, limit: number): Promise<string[]> {
  return listTransfersUnchangedSince(db, ['SCHEDULED', 'TRANSMITTED'], before, limit);
}
