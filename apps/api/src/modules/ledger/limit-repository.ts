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
