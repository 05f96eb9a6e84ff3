import type { AuditAction } from '@lynk/contract/audit';
import { MESSAGES } from '@lynk/contract/messages';

/** Copy of the Audit Log page. Not in the spec (ADR 043) unless taken from its catalogue. */
export const AUDIT_LOG_TEXTS = {
  back: MESSAGES.common.back,
  dashboard: MESSAGES.menu.dashboard,
  title: 'Audit Log',
  tableLabel: 'Audit log',
  date: 'Date',
  action: 'Action',
  actor: 'Actor',
  subject: 'Subject',
  branch: 'Branch',
  ip: 'IP address',
  system: 'System',
  noEntries: 'No entries match these filters',
  filters: 'Audit log filters',
  actorLabel: 'Actor',
  actorPlaceholder: 'Name, email or user id',
  actionLabel: 'Action',
  actionPlaceholder: 'Any action',
  apply: 'Apply',
  clear: 'Clear',
  export: 'Export CSV',
  exportFailed: 'The audit log could not be exported. Please try again.',
} as const;

/** What each recorded action is called on the page; its code stays beside it, as in the CSV. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'auth.login': 'Signed in',
  'auth.login_failed': 'Sign-in failed',
  'auth.login_locked': 'Sign-in locked after failures',
  'auth.organization_refused': 'Branch refused at sign-in',
  'auth.session_started': 'Session started',
  'auth.logout': 'Signed out',
  'auth.second_factor': 'Second factor verified',
  'auth.second_factor_failed': 'Second factor failed',
  'auth.second_factor_locked': 'Second factor locked after failures',
  'auth.second_factor_enrolled': 'Two-step verification set up',
  'auth.recovery_code_used': 'Recovery code used',
  'transfer.created': 'Transfer made',
  'transfer.completed': 'Transfer completed',
  'transfer.failed': 'Transfer failed',
  'order.payment_requested': 'Payment requested',
  'order.paid': 'Order paid',
  'order.declined': 'Payment declined',
  'order.refunded': 'Order refunded',
  'order.partially_refunded': 'Order partly refunded',
  'batch.uploaded': 'Batch uploaded',
  'batch.approval_requested': 'Batch sent for approval',
  'batch.approved': 'Batch approved',
  'batch.rejected': 'Batch rejected',
  'batch.processed': 'Batch processed',
  'batch.file_downloaded': 'Batch file downloaded',
  'batch.receipt_downloaded': 'Batch receipt downloaded',
  'staff.created': 'Staff member registered',
  'staff.activated': 'Staff member activated',
  'staff.updated': 'Staff member changed',
  'staff.deleted': 'Staff member deleted',
  'notification_preferences.updated': 'Notification settings changed',
  'profile.low_balance_threshold.updated': 'Low balance threshold changed',
  'report.exported': 'Report exported',
  'report.downloaded': 'Report downloaded',
  'account.exported': 'Wallet history exported',
  'audit_log.exported': 'Audit log exported',
  'shift.closed': 'Shift closed',
  'shift.reopened': 'Shift reopened',
  'shift.downloaded': 'Shift downloaded',
};

/** An action's name on the page; a code recorded by a newer server than this portal shows as is. */
export function auditActionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
}
