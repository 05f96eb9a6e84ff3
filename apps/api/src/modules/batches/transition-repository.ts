import { sql, type Updateable } from 'kysely';
import type { BatchPaymentsTable, BatchStatus } from '../../db/schema-batches.ts';
import type { Db } from '../../db/transaction.ts';

/**
 * The approval workflow's reads and writes. A move first locks its batch's row, so a racing move
 * waits for it and then sees its outcome: each decision is made on the batch as it is committed.
 */

function stateOf(db: Db, merchantId: number, batchId: number) {
  return db
    .selectFrom('batch_payments')
    .select(['id', 'name', 'status', 'total', 'created_by', 'requested_by'])
    .where('merchant_id', '=', merchantId)
    .where('id', '=', batchId);
}

export function findBatchState(db: Db, merchantId: number, batchId: number) {
  return stateOf(db, merchantId, batchId).executeTakeFirst();
}

export type BatchState = NonNullable<Awaited<ReturnType<typeof findBatchState>>>;

/** The batch's state, its row locked until the transaction ends. */
export function lockBatchState(db: Db, merchantId: number, batchId: number): Promise<BatchState | undefined> {
  return stateOf(db, merchantId, batchId).forUpdate().executeTakeFirst();
}

/** Moves a batch, locked by `lockBatchState`, to the values given. */
export async function moveBatch(
  db: Db,
  merchantId: number,
  batchId: number,
  values: Updateable<BatchPaymentsTable> & { status: BatchStatus },
): Promise<void> {
  await db
    .updateTable('batch_payments')
    .set(values)
    .where('merchant_id', '=', merchantId)
    .where('id', '=', batchId)
    .execute();
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
