import { z } from 'zod/mini';
import { listingQuerySchema, listingResponseSchema, wholeNumberParam } from './listings.ts';

/**
 * The notification tabs' groups (spec section 2, Notifications): the tab's path segment in upper
 * case with a hyphen as an underscore ("batch-payment" → BATCH_PAYMENT); "all" sends no group.
 */
export const NOTIFICATION_GROUPS = ['TRANSACTION', 'BATCH_PAYMENT'] as const;
export type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number];

/** Codes of the TRANSACTION group: money received and the low-balance warning. */
export const TRANSACTION_NOTIFICATION_CODES = ['PAYMENT_RECEIVED', 'LOW_BALANCE'] as const;

/**
 * A staff member's "Export all" file is ready: a notification for them alone (its
 * `recipient_user_id`), whatever they may read of the merchant's other notifications.
 */
export const EXPORT_READY_NOTIFICATION_CODE = 'EXPORT_READY';

/** Every batch payment notification's code starts with this (BATCH_DISBURSE_FUNDS_TO_APPROVE, …). */
export const BATCH_NOTIFICATION_CODE_PREFIX = 'BATCH_DISBURSE_FUNDS_';

/** GET /api/profile/notifications?offset&limit&sort&group (spec section 7, Profile and Listings). */
export const notificationsQuerySchema = z.intersection(
  listingQuerySchema,
  z.object({ group: z.optional(z.enum(NOTIFICATION_GROUPS)) }),
);
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

/** One notification (spec section 3): `read` is the calling staff member's own state. */
const notificationSchema = z.object({
  id: z.int(),
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
export const unreadCountSchema = z.object({ unread_count: z.int() });

/** PUT /api/profile/notifications/{id}/read: the notification, now read. */
export const notificationParamsSchema = z.object({ id: wholeNumberParam(1, Number.MAX_SAFE_INTEGER) });
export const notificationResponseSchema = z.object({ data: notificationSchema });

/**
 * The codes a merchant can switch off (spec section 3, "Notification preference": the codes seen,
 * plus LOW_BALANCE, whose switch is the profile's `low_balance_enabled`). docs/decisions/027.
 */
export const NOTIFICATION_PREFERENCE_CODES = [
  'PAYMENT_RECEIVED',
  'LOW_BALANCE',
  'BATCH_DISBURSE_FUNDS_TO_APPROVE',
  'BATCH_DISBURSE_FUNDS_APPROVED',
  'BATCH_DISBURSE_FUNDS_REJECTED',
  'BATCH_DISBURSE_FUNDS_PROCESSED',
  'BATCH_DISBURSE_FUNDS_PROCESSED_WITH_ERROR',
  'BATCH_DISBURSE_FUNDS_FAILURE',
] as const;
export type NotificationPreferenceCode = (typeof NOTIFICATION_PREFERENCE_CODES)[number];

/** Each code's name on the settings page (not in the spec: it names only the codes). */
export const NOTIFICATION_CODE_NAMES: Record<NotificationPreferenceCode, string> = {
  PAYMENT_RECEIVED: 'Payment received',
  LOW_BALANCE: 'Low balance',
  BATCH_DISBURSE_FUNDS_TO_APPROVE: 'Batch payment waiting for approval',
  BATCH_DISBURSE_FUNDS_APPROVED: 'Batch payment approved',
  BATCH_DISBURSE_FUNDS_REJECTED: 'Batch payment rejected',
  BATCH_DISBURSE_FUNDS_PROCESSED: 'Batch payment processed',
  BATCH_DISBURSE_FUNDS_PROCESSED_WITH_ERROR: 'Batch payment processed with errors',
  BATCH_DISBURSE_FUNDS_FAILURE: 'Batch payment failed',
};

const preferenceCode = z.enum(NOTIFICATION_PREFERENCE_CODES);

/**
 * One preference (spec section 3): code, name, enabled; and whether the caller may switch it. A
 * switch holds for the whole merchant, so a cashier, who reads only their own orders' payments,
 * sees the payments' switch but may not turn it off for everyone (docs/decisions/027).
 */
const notificationPreferenceSchema = z.object({
  code: preferenceCode,
  name: z.string(),
  enabled: z.boolean(),
  editable: z.boolean(),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

/** GET /api/profile/notifications-preferences, and the answer to the PUT. */
export const notificationPreferencesSchema = z.object({
  notification_preferences: z.array(notificationPreferenceSchema),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/**
 * PUT /api/profile/notifications-preferences: the changed preferences (spec section 7), each code
 * at most once. `name` may ride along as the GET gave it; only `enabled` is stored.
 */
export const updateNotificationPreferencesSchema = z.strictObject({
  notification_preferences: z
    .array(
      z.strictObject({
        code: preferenceCode,
        enabled: z.boolean(),
        name: z.optional(z.string().check(z.maxLength(100))),
      }),
    )
    .check(
      z.minLength(1),
      z.maxLength(NOTIFICATION_PREFERENCE_CODES.length),
      z.refine((list) => new Set(list.map((p) => p.code)).size === list.length, {
        message: 'Each code may appear only once.',
      }),
    ),
});
export type UpdateNotificationPreferences = z.infer<typeof updateNotificationPreferencesSchema>;

/** The largest low-balance threshold accepted, in whole Jamaican dollars (fits the column). */
const LOW_BALANCE_THRESHOLD_MAX = 1_000_000_000;

/**
 * PUT /api/profile (spec section 7): `low_balance_threshold` in whole Jamaican dollars (spec
 * section 5: whole number, no decimals). 0 means no alert: a balance never falls below zero.
 */
export const updateLowBalanceThresholdSchema = z.strictObject({
  // z.int's error covers both the type check and the whole-number check, as before.
  low_balance_threshold: z
    .int({ error: 'The low balance threshold must be a whole number.' })
    .check(
      z.gte(0, { error: 'The low balance threshold cannot be negative.' }),
      z.lte(LOW_BALANCE_THRESHOLD_MAX, { error: 'The low balance threshold is too large.' }),
    ),
});
export type UpdateLowBalanceThreshold = z.infer<typeof updateLowBalanceThresholdSchema>;

export const lowBalanceThresholdSchema = z.object({
  low_balance_threshold: z.int(),
  low_balance_enabled: z.boolean(),
});

/** The name of the server-sent event announcing a new notification on the stream. */
export const NOTIFICATION_EVENT = 'notification';
