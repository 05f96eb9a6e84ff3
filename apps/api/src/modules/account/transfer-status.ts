import type { Db } from '../../db/transaction.ts';
import { findRailTransferById, listRailTransfersDueBy } from './repository.ts';

/** A bank transfer as the rail sees it: the transfer, whether its bank fails it, and its owner. */
export type RailTransfer = NonNullable<Awaited<ReturnType<typeof findRailTransferById>>>;

export function findRailTransfer(db: Db, transferId: string): Promise<RailTransfer | undefined> {
  return findRailTransferById(db, transferId);
}

/** Bank transfers due on the rail by `now` (`rail_due_at`), the longest-waiting first. */
export function listDueRailTransfers(db: Db, now: Date, limit: number): Promise<RailTransfer[]> {
  return listRailTransfersDueBy(db, now, limit);
}
