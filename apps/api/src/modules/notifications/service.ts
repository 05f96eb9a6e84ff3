import {
  EXPORT_READY_NOTIFICATION_CODE,
  NOTIFICATION_PREFERENCE_CODES,
  type Notification,
  type NotificationPreferenceCode,
  type NotificationsQuery,
} from '@lynk/contract/notifications';
import { PRODUCT_MESSAGES } from '@lynk/contract/messages';
import { can, type GateKey } from '@lynk/contract/permissions';
import type { SessionIdentity } from '@lynk/contract/session';
import type { Db } from '../../db/transaction.ts';
import { notFound } from '../../lib/app-error.ts';
import { ownerFilter } from '../orders/index.ts';
import type { FeedItem } from './feed.ts';
import {
  insertPersonalNotification,
  countUnread,
  findNotification,
  insertRead,
  listNotifications as listRows,
  markAllRead as markAllRows,
  ORDER_NOTIFICATION_CODE,
  type Reader,
} from './repository.ts';

/**
 * Who may read a notification of each code: whoever passes the gate of what it tells about
 * (docs/decisions/026). A payment is an order's (and a cashier reads only their own orders'); the
 * low balance tells the balance, so it is read:balance's, figure and all; batch payments are the
 * Notification tabs'. A code not listed here is read only by those who pass every gate.
 */
const READ_GATES: Record<NotificationPreferenceCode, GateKey> = {
  PAYMENT_RECEIVED: 'ordersTab',
  LOW_BALANCE: 'balance',
  BATCH_DISBURSE_FUNDS_TO_APPROVE: 'notificationTabs',
  BATCH_DISBURSE_FUNDS_APPROVED: 'notificationTabs',
  BATCH_DISBURSE_FUNDS_REJECTED: 'notificationTabs',
  BATCH_DISBURSE_FUNDS_PROCESSED: 'notificationTabs',
  BATCH_DISBURSE_FUNDS_PROCESSED_WITH_ERROR: 'notificationTabs',
  BATCH_DISBURSE_FUNDS_FAILURE: 'notificationTabs',
};

/** The caller's inbox: their own merchant's notifications of what they may read. */
export function readerOf(identity: SessionIdentity): Reader {
  const codes = NOTIFICATION_PREFERENCE_CODES.filter((code) =>
    can(identity.permissions, identity.role, READ_GATES[code]),
  );
  // The orders listing's own rule, so a notification never shows an order the listing hides.
  const ordersCreatedBy = ownerFilter(identity);
  const readsEverything =
    codes.length === NOTIFICATION_PREFERENCE_CODES.length && ordersCreatedBy === undefined;
  return {
    userId: Number(identity.id),
    merchantId: identity.merchant_id,
    // Nothing to filter (as fast as before) for those who may read all a merchant is told.
    codes: readsEverything ? 'every' : codes,
    ordersCreatedBy,
  };
}

/**
 * Whether a notification the feed announces is the reader's: by its merchant and code, and a
 * payment for someone who reads only their own orders by the database, with the list's query.
 */
export async function mayRead(db: Db, reader: Reader, item: FeedItem): Promise<boolean> {
  if (item.merchantId !== reader.merchantId) return false;
  // Addressed to one staff member: the database says whether it is this reader's.
  if (item.code === EXPORT_READY_NOTIFICATION_CODE)
    return (await findNotification(db, reader, item.id)) !== undefined;
  if (reader.codes === 'every') return true;
  if (!reader.codes.includes(item.code)) return false;
  if (reader.ordersCreatedBy === undefined || item.code !== ORDER_NOTIFICATION_CODE) return true;
  return (await findNotification(db, reader, item.id)) !== undefined;
}

type NotificationRow = NonNullable<Awaited<ReturnType<typeof findNotification>>>;

function toNotificationDto(row: NotificationRow): Notification {
  return {
    id: Number(row.id),
    title: row.title,
    body: row.body,
    created: row.created_at.toISOString(),
    read: Boolean(row.read),
    code: row.code,
    data: row.data,
  };
}

export async function listNotifications(db: Db, identity: SessionIdentity, query: NotificationsQuery) {
  const { rows, total } = await listRows(db, readerOf(identity), query);
  return {
    result: rows.map(toNotificationDto),
    meta_data: { count: rows.length, limit: query.limit, offset: query.offset, total },
  };
}

export async function unreadCount(db: Db, identity: SessionIdentity) {
  return { unread_count: await countUnread(db, readerOf(identity)) };
}

/** Marks one notification read for the caller (again is fine); another merchant's or a hidden one is not found. */
export async function markRead(
  db: Db,
  identity: SessionIdentity,
  id: number,
  now: Date,
): Promise<Notification> {
  const reader = readerOf(identity);
  const row = await findNotification(db, reader, id);
  if (!row) throw notFound(PRODUCT_MESSAGES.notificationNotFound);
  if (!row.read) await insertRead(db, reader, row.id, now);
  return toNotificationDto({ ...row, read: true });
}

/** Marks every notification the caller can see read; answers the unread count that is left. */
export async function markAllRead(db: Db, identity: SessionIdentity, now: Date) {
  const reader = readerOf(identity);
  await markAllRows(db, reader, now);
  return { unread_count: await countUnread(db, reader) };
}

/**
 * Tells a staff member their "Export all" file is ready (for them alone): the notification opens
 * the dashboard, where "Last Reports" offers the file.
 */
export async function notifyExportReady(
  db: Db,
  input: { merchantId: number; userId: number; exportId: string; fileName: string; rows: number; at: Date },
): Promise<void> {
  await insertPersonalNotification(db, {
    merchantId: input.merchantId,
    userId: input.userId,
    code: EXPORT_READY_NOTIFICATION_CODE,
    title: PRODUCT_MESSAGES.exportReadyTitle,
    body: PRODUCT_MESSAGES.exportReadyBody(input.fileName, input.rows),
    data: { lynkRouteRedirect: '/', export_id: input.exportId },
    at: input.at,
  });
}
