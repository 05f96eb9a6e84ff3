import { z } from 'zod';
import { listingQuerySchema, listingResponseSchema, wholeNumberParam } from './listings.ts';

/**
 * The notification tabs' groups (spec section 2, Notifications): the tab's path segment in upper
 * case with a hyphen as an underscore ("batch-payment" → BATCH_PAYMENT); "all" sends no group.
 */
export const NOTIFICATION_GROUPS = ['TRANSACTION', 'BATCH_PAYMENT'] as const;
export type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number];

/** Codes of the TRANSACTION group: money received and the low-balance warning. */
export const TRANSACTION_NOTIFICATION_CODES = ['PAYMENT_RECEIVED', 'LOW_BALANCE'] as const;

/** Every batch payment notification's code starts with this (BATCH_DISBURSE_FUNDS_TO_APPROVE, …). */
export const BATCH_NOTIFICATION_CODE_PREFIX = 'BATCH_DISBURSE_FUNDS_';

/** The group a code belongs to; a code of neither group shows only under "all". */
export function notificationGroup(code: string): NotificationGroup | null {
  if ((TRANSACTION_NOTIFICATION_CODES as readonly string[]).includes(code)) return 'TRANSACTION';
  if (code.startsWith(BATCH_NOTIFICATION_CODE_PREFIX)) return 'BATCH_PAYMENT';
  return null;
}

/** GET /api/profile/notifications?offset&limit&sort&group (spec section 7, Profile and Listings). */
export const notificationsQuerySchema = listingQuerySchema.and(
  z.object({ group: z.enum(NOTIFICATION_GROUPS).optional() }),
);
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

/** One notification (spec section 3): `read` is the calling staff member's own state. */
export const notificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  /** ISO 8601. */
  created: z.string(),
  read: z.boolean(),
  code: z.string(),
  /** As stored: `lynkRouteRedirect` (the page it opens) and what the code adds, such as `batch_id`. */
  data: z.record(z.string(), z.unknown()),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsListSchema = listingResponseSchema(notificationSchema);

/** GET /api/profile/notifications/unread-count */
export const unreadCountSchema = z.object({ unread_count: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** PUT /api/profile/notifications/{id}/read: the notification, now read. */
export const notificationParamsSchema = z.object({ id: wholeNumberParam(1, Number.MAX_SAFE_INTEGER) });
export const notificationResponseSchema = z.object({ data: notificationSchema });
