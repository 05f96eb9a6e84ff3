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
