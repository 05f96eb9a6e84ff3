import { sql } from 'kysely';
import type { LimitTransferType } from '@lynk/contract/statuses';
import type { Db } from '../../db/transaction.ts';

/** The limit rows of a wallet: its own limits and what each period has used of them. */

export async function upsertLimit(db: Db, accountId: number, type: LimitTransferType, amount: bigint) {
  await db
    .insertInto('account_limits')
    .values({ account_id: accountId, transfer_type: type, amount: amount.toString() })
    .onConflict((oc) =>
      oc.columns(['account_id', 'transfer_type']).doUpdateSet({ amount: amount.toString() }),
    )
    .execute();
}

export async function findOwnLimit(db: Db, accountId: number, type: LimitTransferType) {
  const row = await db
    .selectFrom('account_limits')
    .select('amount')
    .where('account_id', '=', accountId)
    .where('transfer_type', '=', type)
    .executeTakeFirst();
  return row ? BigInt(row.amount) : undefined;
}

export async function findUsage(db: Db, accountId: number, type: LimitTransferType, periodStart: string) {
  const row = await db
    .selectFrom('limit_usage')
    .select('used')
    .where('account_id', '=', accountId)
    .where('transfer_type', '=', type)
    .where('period_start', '=', periodStart)
    .executeTakeFirst();
  return row ? BigInt(row.used) : 0n;
}

/**
 * Adds `amount` to the period's usage only while the new total stays within `limit`, in one
 * statement (the row lock serialises concurrent callers). Answers whether it was counted.
 */
export async function addUsageWithin(
  db: Db,
  usage: { accountId: number; type: LimitTransferType; periodStart: string },
  amount: bigint,
  limit: bigint,
): Promise<boolean> {
  const counted = await sql<{ used: string }>`
    insert into limit_usage (account_id, transfer_type, period_start, used)
    select ${usage.accountId}, ${usage.type}, ${usage.periodStart}::date, ${amount.toString()}::bigint
    where ${amount.toString()}::bigint <= ${limit.toString()}::bigint
    on conflict (account_id, transfer_type, period_start)
    do update set used = limit_usage.used + excluded.used
    where limit_usage.used + excluded.used <= ${limit.toString()}::bigint
    returning used`.execute(db);
  return counted.rows.length === 1;
}

/** Takes `amount` off the period's usage if that much was counted; answers whether it was. */
export async function subtractUsage(
  db: Db,
  usage: { accountId: number; type: LimitTransferType; periodStart: string },
  amount: bigint,
): Promise<boolean> {
  const result = await db
    .updateTable('limit_usage')
    .set({ used: sql`used - ${amount.toString()}::bigint` } as never)
    .where('account_id', '=', usage.accountId)
    .where('transfer_type', '=', usage.type)
    .where('period_start', '=', usage.periodStart)
    .where(sql<boolean>`used >= ${amount.toString()}::bigint`)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
