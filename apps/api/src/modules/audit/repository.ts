import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface AuditEntry {
  actorUserId: number | null;
  organizationId: string | null;
  action: string;
  subject?: string | null;
  details?: Record<string, unknown>;
  ip?: string | null;
}

export async function recordAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: entry.actorUserId,
      organization_id: entry.organizationId,
      action: entry.action,
      subject: entry.subject ?? null,
      details: JSON.stringify(entry.details ?? {}),
      ip: entry.ip ?? null,
    })
    .execute();
}

export async function deleteAuditOlderThan(db: Kysely<Database>, cutoff: Date): Promise<number> {
  const result = await db.deleteFrom('audit_log').where('at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
