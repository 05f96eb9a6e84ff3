import type { SessionIdentity } from '@lynk/contract/session';
import type { Db } from '../../db/transaction.ts';
import { insertAuditRow } from './repository.ts';

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
