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
