import { sql, type Updateable } from 'kysely';
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

/** Inserts the notification unless its merchant switched the code off (docs/decisions/027). */
export async function insertNotification(
  db: Db,
  notification: { merchantId: number; code: string; title: string; body: string; data: object; at: Date },
): Promise<void> {
  await db
    .insertInto('notifications')
    .columns(['merchant_id', 'code', 'title', 'body', 'data', 'created_at'])
    .expression(
      db
        // Typed here: the parameters of a SELECT have no column to take their types from.
        .selectNoFrom([
          sql<number>`${notification.merchantId}::int`.as('merchant_id'),
          sql<string>`${notification.code}::text`.as('code'),
          sql<string>`${notification.title}::text`.as('title'),
          sql<string>`${notification.body}::text`.as('body'),
          sql<string>`${JSON.stringify(notification.data)}::jsonb`.as('data'),
          sql<Date>`${notification.at}::timestamptz`.as('created_at'),
        ])
        .where((w) =>
          w.not(
            w.exists(
              w
                .selectFrom('notification_preferences')
                .select('code')
                .where('merchant_id', '=', notification.merchantId)
                .where('code', '=', notification.code)
                .where('enabled', '=', false),
            ),
          ),
        ),
    )
    .execute();
}
