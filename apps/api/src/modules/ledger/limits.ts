import { sql, type Kysely, type Transaction } from 'kysely';
import type { Limit } from '@lynk/contract/accounts';
import { formatCents } from '@lynk/contract/money';
import { MESSAGES } from '@lynk/contract/messages';
import { limitPeriod, type LimitTransferType } from '@lynk/contract/statuses';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { periodEnd, periodStart } from './jamaica-time.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The standard limits of a main wallet, in cents; a row in `account_limits` sets a merchant's own. */
export const DEFAULT_LIMITS: Record<LimitTransferType, bigint> = {
  TOP: 50_000_000n, // J$500,000 cash-in a day
  ACH_CASHOUT: 30_000_000n, // J$300,000 cash-out a day
  MBATCH: 200_000_000n, // J$2,000,000 of batch payments a week
};

export async function setLimit(db: Db, accountId: number, type: LimitTransferType, amount: bigint) {
  await db
    .insertInto('account_limits')
    .values({ account_id: accountId, transfer_type: type, amount: amount.toString() })
    .onConflict((oc) =>
      oc.columns(['account_id', 'transfer_type']).doUpdateSet({ amount: amount.toString() }),
    )
    .execute();
}

async function limitAmount(db: Db, accountId: number, type: LimitTransferType): Promise<bigint> {
  const row = await db
    .selectFrom('account_limits')
    .select('amount')
    .where('account_id', '=', accountId)
    .where('transfer_type', '=', type)
    .executeTakeFirst();
  return row ? BigInt(row.amount) : DEFAULT_LIMITS[type];
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
  const [limit, usage] = await Promise.all([
    limitAmount(db, accountId, type),
    db
      .selectFrom('limit_usage')
      .select('used')
      .where('account_id', '=', accountId)
      .where('transfer_type', '=', type)
      .where('period_start', '=', start)
      .executeTakeFirst(),
  ]);
  const used = usage ? BigInt(usage.used) : 0n;
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
 * Counts `amount` against the period's limit, atomically: the increment only happens while the
 * new total stays within the limit. Returns the period it was counted in.
 */
export async function consumeLimit(
  trx: Transaction<Database>,
  accountId: number,
  type: LimitTransferType,
  amount: bigint,
  now: Date,
): Promise<string> {
  const start = periodStart(now, limitPeriod(type));
  const limit = await limitAmount(trx, accountId, type);
  const counted = await sql<{ used: string }>`
    insert into limit_usage (account_id, transfer_type, period_start, used)
    select ${accountId}, ${type}, ${start}::date, ${amount.toString()}::bigint
    where ${amount.toString()}::bigint <= ${limit.toString()}::bigint
    on conflict (account_id, transfer_type, period_start)
    do update set used = limit_usage.used + excluded.used
    where limit_usage.used + excluded.used <= ${limit.toString()}::bigint
    returning used`.execute(trx);
  if (counted.rows.length === 0) {
    const { remaining } = await readLimit(trx, accountId, type, now);
    throw dailyLimitExceeded(remaining);
  }
  return start;
}

/** Gives back what a failed transfer had counted against its period. */
export async function releaseLimit(
  trx: Transaction<Database>,
  accountId: number,
  type: LimitTransferType,
  start: string,
  amount: bigint,
) {
  await sql`update limit_usage set used = greatest(used - ${amount.toString()}::bigint, 0)
    where account_id = ${accountId} and transfer_type = ${type} and period_start = ${start}::date`.execute(
    trx,
  );
}
