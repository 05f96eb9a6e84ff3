import type { Updateable } from 'kysely';
import type { BatchPaymentsTable, BatchStatus } from '../../db/schema-batches.ts';
import type { Db } from '../../db/transaction.ts';

/** The approval workflow's writes: a batch moves only from the statuses named, so two racing calls change it once. */

export function findBatchState(db: Db, merchantId: number, batchId: number) {
  return db
    .selectFrom('batch_payments')
    .select(['id', 'name', 'status', 'total'])
    .where('merchant_id', '=', merchantId)
    .where('id', '=', batchId)
    .executeTakeFirst();
}

/** Moves a batch from one of `from` to the values given; false when it was in none of them. */
export async function moveBatch(
  db: Db,
  merchantId: number,
  batchId: number,
  from: readonly BatchStatus[],
  values: Updateable<BatchPaymentsTable> & { status: BatchStatus },
): Promise<boolean> {
  const updated = await db
    .updateTable('batch_payments')
    .set(values)
    .where('merchant_id', '=', merchantId)
    .where('id', '=', batchId)
    .where('status', 'in', from)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

export async function insertNotification(
  db: Db,
  notification: { merchantId: number; code: string; title: string; body: string; data: object; at: Date },
): Promise<void> {
  await db
    .insertInto('notifications')
    .values({
      merchant_id: notification.merchantId,
      code: notification.code,
      title: notification.title,
      body: notification.body,
      data: JSON.stringify(notification.data),
      created_at: notification.at,
    })
    .execute();
}
