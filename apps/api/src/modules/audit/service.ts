import {
  AUDIT_CSV_HEADER,
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_MESSAGES,
  auditLogFileName,
  type AuditEntry as AuditEntryDto,
  type AuditLogExportQuery,
  type AuditLogList,
  type AuditLogQuery,
} from '@lynk/contract/audit';
import type { SessionIdentity } from '@lynk/contract/session';
import type { Db } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { csvTime, toCsv } from '../../lib/csv.ts';
import { jamaicaDate } from '../ledger/index.ts';
import {
  auditEntriesForExport,
  insertAuditRow,
  listAuditEntries,
  type AuditEntryRow,
  type AuditFilter,
} from './repository.ts';

export interface AuditEntry {
  actorUserId: number | null;
  organizationId: string | null;
  action: string;
  subject?: string | null;
  details?: Record<string, unknown>;
  ip?: string | null;
}

/** Writes one audit row, in the caller's transaction when `db` is one (so it commits with the work). */
export function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  return insertAuditRow(db, {
    actorUserId: entry.actorUserId,
    organizationId: entry.organizationId,
    action: entry.action,
    subject: entry.subject ?? null,
    details: entry.details ?? {},
    ip: entry.ip ?? null,
  });
}

/** A signed-in caller as a route knows them: who, at which merchant, from which address. */
export interface AuditedCaller {
  identity: SessionIdentity;
  ip: string;
}

/**
 * A file leaving the product (an export, a CSV download): data walking out is what an audit of a
 * leak looks for first, so every one is recorded with who took it and what it held.
 */
export function recordDownload(
  db: Db,
  caller: AuditedCaller,
  action: string,
  subject: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  return recordAudit(db, {
    actorUserId: Number(caller.identity.id),
    organizationId: caller.identity.org_id,
    action,
    subject,
    details,
    ip: caller.ip,
  });
}

function toDto(row: AuditEntryRow): AuditEntryDto {
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    action: row.action,
    subject: row.subject,
    organization_id: row.organization_id,
    organization_name: row.organization_name,
    // A user is never deleted, only their memberships: a recorded actor is always found.
    actor:
      row.actor_user_id === null
        ? null
        : { id: row.actor_user_id, display_name: row.actor_name ?? '', email: row.actor_email ?? '' },
    ip: row.ip,
    details: row.details,
  };
}

/** The scope is the caller's organisation (from the session, never from the request). */
function filterOf(identity: SessionIdentity, query: AuditLogExportQuery): AuditFilter {
  return {
    organizationId: identity.org_id,
    sort: query.sort,
    from_utc: query.from_utc,
    to_utc: query.to_utc,
    actor: query.actor,
    action: query.action,
  };
}

/** A page of the audit log of the caller's organisation (and its branches, for a parent's). */
export async function listAuditLog(
  db: Db,
  identity: SessionIdentity,
  query: AuditLogQuery,
): Promise<AuditLogList> {
  const { rows, total } = await listAuditEntries(db, filterOf(identity, query), query);
  return {
    result: rows.map(toDto),
    meta_data: { count: rows.length, limit: query.limit, offset: query.offset, total },
  };
}

/**
 * The rows the listing's filters match, as a CSV file (base64), at most AUDIT_EXPORT_MAX_ROWS of
 * them. Taking the audit log away is itself audited.
 */
export async function exportAuditLog(
  db: Db,
  caller: AuditedCaller & { now: Date },
  query: AuditLogExportQuery,
): Promise<{ file_name: string; csv: string }> {
  // One more than allowed tells "too many" apart from "exactly the limit".
  const rows = await auditEntriesForExport(db, filterOf(caller.identity, query), AUDIT_EXPORT_MAX_ROWS + 1);
  if (rows.length > AUDIT_EXPORT_MAX_ROWS)
    throw new AppError('EXPORT_LIMIT', 422, AUDIT_MESSAGES.exportTooLarge);
  const csv = toCsv(
    AUDIT_CSV_HEADER,
    rows.map((row) => [
      csvTime(row.at),
      row.action,
      row.actor_name,
      row.actor_email,
      row.subject,
      row.organization_id,
      row.ip,
      JSON.stringify(row.details),
    ]),
  );
  const fileName = auditLogFileName(jamaicaDate(caller.now));
  await recordDownload(db, caller, 'audit_log.exported', fileName, { ...query, entries: rows.length });
  return { file_name: fileName, csv: Buffer.from(csv, 'utf8').toString('base64') };
}
