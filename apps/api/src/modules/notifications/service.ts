import type { Notification, NotificationsQuery } from '@lynk/contract/notifications';
import { PRODUCT_MESSAGES } from '@lynk/contract/messages';
import { can } from '@lynk/contract/permissions';
import type { SessionIdentity } from '@lynk/contract/session';
import type { Db } from '../../db/transaction.ts';
import { notFound } from '../../lib/app-error.ts';
import {
  countUnread,
  findNotification,
  insertRead,
  listNotifications as listRows,
  markAllRead as markAllRows,
  type Reader,
} from './repository.ts';

/**
 * The caller's inbox: their own merchant's notifications, without batch payments' ones unless
 * they pass the Notification tabs gate (read:batch-payments, spec section 6).
 */
export function readerOf(identity: SessionIdentity): Reader {
  return {
    userId: Number(identity.id),
    merchantId: identity.merchant_id,
    seesBatches: can(identity.permissions, identity.role, 'notificationTabs'),
  };
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
