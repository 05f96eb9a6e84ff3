import type { Limit } from '@lynk/contract/accounts';
import { limitPeriod, type LimitTransferType } from '@lynk/contract/statuses';
import type { Db } from '../../db/transaction.ts';
import { periodEnd, periodStart } from './jamaica-time.ts';
import { findOwnLimit, findUsage, upsertLimit } from './limit-repository.ts';

/** The standard limits of a main wallet, in cents; a row in `account_limits` sets a merchant's own. */
export const DEFAULT_LIMITS: Record<LimitTransferType, bigint> = {
  TOP: 50_000_000n, // J$500,000 cash-in a day
  ACH_CASHOUT: 30_000_000n, // J$300,000 cash-out a day
  MBATCH: 200_000_000n, // J$2,000,000 of batch payments a week
};

export async function setLimit(db: Db, accountId: number, type: LimitTransferType, amount: bigint) {
  await upsertLimit(db, accountId, type, amount);
}

async function limitAmount(db: Db, accountId: number, type: LimitTransferType) {
  return (await findOwnLimit(db, accountId, type)) ?? DEFAULT_LIMITS[type];
}

/** remaining = limit − used in the current period (Jamaica time). */
export async function readLimit(
  db: Db,
  accountId: number,
  type: LimitTransferType,
  now: Date,
): Promise<Limit> {
  const period = limitPeriod(type);
  const start = periodStart(now, period);
  const [limit, used] = await Promise.all([
    limitAmount(db, accountId, type),
    findUsage(db, accountId, type, start),
  ]);
  const remaining = limit > used ? limit - used : 0n;
  return {
    transfer_type: type,
    period,
    limit: Number(limit),
    used: Number(used),
    remaining: Number(remaining),
    resets_at: periodEnd(start, period).toISOString(),
  };
}
