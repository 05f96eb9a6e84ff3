import { sql, type ExpressionBuilder } from 'kysely';
import {
  BATCH_NOTIFICATION_CODE_PREFIX,
  TRANSACTION_NOTIFICATION_CODES,
  type NotificationGroup,
} from '@lynk/contract/notifications';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/transaction.ts';
import { listingDayBounds } from '../ledger/index.ts';
import { ownOrderIds } from '../orders/index.ts';

/** Whose inbox, and what of their merchant's notifications they may read (docs/decisions/026). */
export interface Reader {
  userId: number;
  merchantId: number;
  /**
   * The codes whose subject the reader may read; a notification of another code is not theirs.
   * `every` for someone who passes every gate and reads every order: they read all, unfiltered.
   */
  codes: readonly string[] | 'every';
  /**
   * Set when the reader may read only the orders they created (the orders' `ownerFilter`, a
   * cashier): then a payment notification shows only when its order is one of theirs.
   */
  ordersCreatedBy: number | undefined;
}

export interface NotificationFilter {
  group?: NotificationGroup | undefined;
  from_utc?: string | undefined;
  to_utc?: string | undefined;
}

type Eb = ExpressionBuilder<Database, 'notifications'>;

/** The code of the notifications about an order: a payment received. */
export const ORDER_NOTIFICATION_CODE = 'PAYMENT_RECEIVED';

/**
 * The order a notification is about: its data's `m_order_id` (the pay service writes the order's id
 * as text), compared as text with the orders' ids, so that data naming no order (or not one of
 * theirs) is never a cashier's, and nothing in a notification's data can make the query fail.
 */
const notificationOrderId = sql<string | null>`notifications.data->>'m_order_id'`;

const isBatchCode = (eb: Eb) =>
  eb.fn<boolean>('starts_with', ['notifications.code', eb.val(BATCH_NOTIFICATION_CODE_PREFIX)]);

/** The notifications of their merchant a reader with `codes` (not `every`) may read. */
function readableBy(db: Db, reader: Reader, codes: readonly string[]) {
  return (eb: Eb) => {
    const createdBy = reader.ordersCreatedBy;
    if (createdBy === undefined || !codes.includes(ORDER_NOTIFICATION_CODE)) {
      return codes.length > 0 ? eb('notifications.code', 'in', [...codes]) : eb.lit(false);
    }
    const others = codes.filter((code) => code !== ORDER_NOTIFICATION_CODE);
    const theirOrders = eb.and([
      eb('notifications.code', '=', ORDER_NOTIFICATION_CODE),
      eb(notificationOrderId, 'in', ownOrderIds(db, reader.merchantId, createdBy)),
    ]);
    return others.length > 0 ? eb.or([eb('notifications.code', 'in', others), theirOrders]) : theirOrders;
  };
}

/** The reader's merchant's notifications they may read, narrowed by the listing's group and days. */
function visible(db: Db, reader: Reader, filter: NotificationFilter = {}) {
  let query = db.selectFrom('notifications').where('notifications.merchant_id', '=', reader.merchantId);
  // One addressed to a staff member (their export is ready) is theirs alone, whatever its code.
  const codes = reader.codes;
  query = query.where((eb) =>
    eb.or([
      eb('notifications.recipient_user_id', '=', reader.userId),
      codes === 'every'
        ? eb('notifications.recipient_user_id', 'is', null)
        : eb.and([eb('notifications.recipient_user_id', 'is', null), readableBy(db, reader, codes)(eb)]),
    ]),
  );
  if (filter.group === 'TRANSACTION') {
    query = query.where('notifications.code', 'in', [...TRANSACTION_NOTIFICATION_CODES]);
  } else if (filter.group === 'BATCH_PAYMENT') {
    query = query.where(isBatchCode);
  }
  const { from, to } = listingDayBounds(filter);
  if (from) query = query.where('notifications.created_at', '>=', from);
  if (to) query = query.where('notifications.created_at', '<', to);
  return query;
}

/** The reader's Mark All As Read watermark for their merchant: notifications up to it are read. */
async function readThrough(db: Db, reader: Reader): Promise<string> {
  const mark = await db
    .selectFrom('notification_read_marks')
    .select('read_through_id')
    .where('user_id', '=', reader.userId)
    .where('merchant_id', '=', reader.merchantId)
    .executeTakeFirst();
  return mark?.read_through_id ?? '0';
}

/** True when the reader opened this notification. */
const openedBy = (reader: Reader) => (eb: Eb) =>
  eb.exists(
    eb
      .selectFrom('notification_reads as r')
      .select(sql`1`.as('one'))
      .where('r.user_id', '=', reader.userId)
      .whereRef('r.notification_id', '=', 'notifications.id'),
  );

/** True when the reader opened it or marked all read after it arrived. */
const isRead = (reader: Reader, watermark: string) => (eb: Eb) =>
  eb.or([eb('notifications.id', '<=', watermark), openedBy(reader)(eb)]);

/** What a notification answers with (its read state is added per reader). */
const NOTIFICATION_COLUMNS = [
  'notifications.id',
  'notifications.code',
  'notifications.title',
  'notifications.body',
  'notifications.data',
  'notifications.created_at',
] as const;

export async function listNotifications(
  db: Db,
  reader: Reader,
  query: NotificationFilter & { offset: number; limit: number; sort: 'ASC' | 'DESC' },
) {
  const watermark = await readThrough(db, reader);
  const base = visible(db, reader, query);
  const direction = query.sort === 'ASC' ? 'asc' : 'desc';
  const [rows, count] = await Promise.all([
    base
      .select(NOTIFICATION_COLUMNS)
      .select((eb) => isRead(reader, watermark)(eb).as('read'))
      .orderBy('notifications.created_at', direction)
      .orderBy('notifications.id', direction)
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    base.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function countUnread(db: Db, reader: Reader): Promise<number> {
  const watermark = await readThrough(db, reader);
  const row = await visible(db, reader)
    .where('notifications.id', '>', watermark)
    .where((eb) => eb.not(openedBy(reader)(eb)))
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One notification the reader may see, with their read state; undefined when it is not theirs to see. */
export async function findNotification(db: Db, reader: Reader, id: number) {
  const watermark = await readThrough(db, reader);
  return visible(db, reader)
    .where('notifications.id', '=', String(id))
    .select(NOTIFICATION_COLUMNS)
    .select((eb) => isRead(reader, watermark)(eb).as('read'))
    .executeTakeFirst();
}

/** Records that the reader opened notification `id`; a second time changes nothing. */
export async function insertRead(db: Db, reader: Reader, id: string, at: Date): Promise<void> {
  await db
    .insertInto('notification_reads')
    .values({ user_id: reader.userId, notification_id: id, read_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'notification_id']).doNothing())
    .execute();
}

/**
 * Moves the reader's watermark to the newest notification they can see (never back), then drops
 * their single reads it now covers. Returns the watermark, or null when they see none.
 */
export async function markAllRead(db: Db, reader: Reader, at: Date): Promise<string | null> {
  const newest = await visible(db, reader)
    .select((eb) => eb.fn.max('notifications.id').as('id'))
    .executeTakeFirst();
  const through = newest?.id ?? null;
  if (through === null) return null;
  await db
    .insertInto('notification_read_marks')
    .values({
      user_id: reader.userId,
      merchant_id: reader.merchantId,
      read_through_id: through,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'merchant_id']).doUpdateSet({
        read_through_id: sql`greatest(notification_read_marks.read_through_id, excluded.read_through_id)`,
        updated_at: at,
      }),
    )
    .execute();
  await db
    .deleteFrom('notification_reads')
    .where('user_id', '=', reader.userId)
    .where('notification_id', 'in', (eb) =>
      eb
        .selectFrom('notifications')
        .select('notifications.id')
        .where('notifications.merchant_id', '=', reader.merchantId)
        .where('notifications.id', '<=', through),
    )
    .execute();
  return through;
}

/** The newest notification's id of all merchants ('0' when there is none): where a feed starts. */
export async function newestNotificationId(db: Db): Promise<string> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return row?.id ?? '0';
}

/** Notifications of every merchant with an id above `afterId`, oldest first (the primary key serves it). */
export function notificationsAfter(db: Db, afterId: string, limit: number) {
  return db
    .selectFrom('notifications')
    .select(['id', 'merchant_id', 'code'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Inserts a notification addressed to one staff member (not switched off by the merchant's preferences). */
export async function insertPersonalNotification(
  db: Db,
  notification: {
    merchantId: number;
    userId: number;
    code: string;
    title: string;
    body: string;
    data: object;
    at: Date;
  },
): Promise<void> {
  await db
    .insertInto('notifications')
    .values({
      merchant_id: notification.merchantId,
      recipient_user_id: notification.userId,
      code: notification.code,
      title: notification.title,
      body: notification.body,
      data: JSON.stringify(notification.data),
      created_at: notification.at,
    })
    .execute();
}
