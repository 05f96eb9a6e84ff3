import { z } from 'zod/mini';
import { listingQuerySchema, listingResponseSchema } from './listings.ts';

/**
 * The audit log (ADR 043): `GET /api/audit-log` pages it like every listing, filtered by actor,
 * action and dates; `GET /api/audit-log/export.csv` hands the same rows over as a CSV file. Only
 * admins see it, and only their own organisation's rows (a parent organisation's: its branches' too).
 */

/** What the product records, for the action filter's choices. An unknown code still filters. */
export const AUDIT_ACTIONS = [
  'auth.login',
  'auth.login_failed',
  'auth.login_locked',
  'auth.organization_refused',
  'auth.session_started',
  'auth.logout',
  'auth.second_factor',
  'auth.second_factor_failed',
  'auth.second_factor_locked',
  'auth.second_factor_enrolled',
  'auth.recovery_code_used',
  'transfer.created',
  'transfer.completed',
  'transfer.failed',
  'order.payment_requested',
  'order.paid',
  'order.declined',
  'order.refunded',
  'order.partially_refunded',
  'batch.uploaded',
  'batch.approval_requested',
  'batch.approved',
  'batch.rejected',
  'batch.processed',
  'batch.file_downloaded',
  'batch.receipt_downloaded',
  'staff.created',
  'staff.activated',
  'staff.updated',
  'staff.deleted',
  'notification_preferences.updated',
  'profile.low_balance_threshold.updated',
  'report.exported',
  'report.downloaded',
  'account.exported',
  'audit_log.exported',
  'shift.closed',
  'shift.reopened',
  'shift.downloaded',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTOR_MAX_LENGTH = 100;
/** Rows one CSV file holds at most: more asks for a narrower filter rather than a file nobody reads. */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;

export const AUDIT_MESSAGES = {
  actionInvalid: 'An action is lower-case words joined by dots, like transfer.created.',
  exportTooLarge: `You can only export up to ${AUDIT_EXPORT_MAX_ROWS.toLocaleString('en-US')} entries. Please narrow the filters.`,
} as const;

/**
 * Who did it: digits are a user id, anything else is matched against names and emails. The
 * action is one code (`transfer.created`).
 */
const auditFiltersSchema = z.object({
  actor: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(AUDIT_ACTOR_MAX_LENGTH))),
  action: z.optional(
    z.string().check(z.regex(/^[a-z_]{1,40}(\.[a-z_]{1,40}){0,3}$/, AUDIT_MESSAGES.actionInvalid)),
  ),
});

/** GET /api/audit-log?offset&limit&sort&from_utc&to_utc&actor&action */
export const auditLogQuerySchema = z.intersection(listingQuerySchema, auditFiltersSchema);
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

const { sort, from_utc, to_utc } = listingQuerySchema.shape;
/** GET /api/audit-log/export.csv: the listing's filters and order, without paging. */
export const auditLogExportQuerySchema = z
  .object({ sort, from_utc, to_utc, ...auditFiltersSchema.shape })
  .check(
    z.refine((q) => !q.from_utc || !q.to_utc || q.from_utc <= q.to_utc, {
      message: 'from_utc must not be after to_utc',
      path: ['from_utc'],
    }),
  );
export type AuditLogExportQuery = z.infer<typeof auditLogExportQuerySchema>;

const auditActorSchema = z.object({ id: z.int(), display_name: z.string(), email: z.string() });

/** One recorded event. `actor` is null for the system's own work (the bank rail) or an unknown email. */
const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  subject: z.nullable(z.string()),
  organization_id: z.nullable(z.string()),
  /** The branch's name on a parent organisation's log, where rows of several branches mix. */
  organization_name: z.nullable(z.string()),
  actor: z.nullable(auditActorSchema),
  ip: z.nullable(z.string()),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogListSchema = listingResponseSchema(auditEntrySchema);
export type AuditLogList = z.infer<typeof auditLogListSchema>;

export const AUDIT_CSV_HEADER = [
  'Date',
  'Action',
  'Actor',
  'Actor email',
  'Subject',
  'Organisation',
  'IP',
  'Details',
];

export function auditLogFileName(now: string): string {
  return `audit-log_${now}.csv`;
}
