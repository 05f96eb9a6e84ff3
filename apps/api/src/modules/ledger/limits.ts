import type { Limit } from '@lynk/contract/accounts';
import { formatCents } from '@lynk/contract/money';
import { MESSAGES } from '@lynk/contract/messages';
import { limitPeriod, type LimitTransferType } from '@lynk/contract/statuses';
import type { Db } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { periodEnd, periodStart } from './jamaica-time.ts';
import { addUsageWithin, findOwnLimit, findUsage, subtractUsage, upsertLimit } from './limit-repository.ts';

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

export const dailyLimitExceeded = (remainingCents: number) =>
  new AppError(
    'DAILY_LIMIT_EXCEEDED',
    422,
    MESSAGES.transfer.dailyLimitRemaining(formatCents(remainingCents, { currencyPrefix: '' })),
    { remaining: remainingCents },
  );

/**
 * Counts `amount` against the period's limit, atomically. Returns the period it was counted in.
 * Lock order (ADR 008): a transaction takes its limit row before any account row.
 */
export async function consumeLimit(
  db: Db,
  accountId: number,
  type: LimitTransferType,
  amount: bigint,
  now: Date,
): Promise<string> {
  const start = periodStart(now, limitPeriod(type));
  const limit = await limitAmount(db, accountId, type);
  if (!(await addUsageWithin(db, { accountId, type, periodStart: start }, amount, limit))) {
    const { remaining } = await readLimit(db, accountId, type, now);
    throw dailyLimitExceeded(remaining);
  }
  return start;
}

/**
 * Gives back what a failed transfer had counted against its period. Giving back more than was
 * counted means the transfer was released twice: a bug, so it fails loudly (and rolls back).
 */
export async function releaseLimit(
  db: Db,
  accountId: number,
  type: LimitTransferType,
  start: string,
  amount: bigint,
) {
  if (!(await subtractUsage(db, { accountId, type, periodStart: start }, amount))) {
    throw new Error(
      `Limit release of ${amount} on account ${accountId} (${type}, ${start}) exceeds what was counted`,
    );
  }
}
