import type { Db } from '../../db/transaction.ts';

export interface AuditRow {
  actorUserId: number | null;
  organizationId: string | null;
  action: string;
  subject: string | null;
  details: Record<string, unknown>;
  ip: string | null;
}

export async function insertAuditRow(db: Db, row: AuditRow): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: row.actorUserId,
      organization_id: row.organizationId,
      action: row.action,
      subject: row.subject,
      details: JSON.stringify(row.details),
      ip: row.ip,
    })
    .execute();
}
