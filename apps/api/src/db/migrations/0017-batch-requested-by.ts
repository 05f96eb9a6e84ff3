import { sql, type Kysely } from 'kysely';

/**
 * Who sent a batch for approval (maker-checker, spec section 4): neither its uploader nor this
 * user may approve it. A batch sent before this column gets its sender from the audit log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('batch_payments')
    .addColumn('requested_by', 'integer', (c) => c.references('users.id'))
    .execute();
  await sql`
    update batch_payments b set requested_by = sent.actor_user_id
      from (
        select distinct on (subject) subject, actor_user_id
          from audit_log
         where action = 'batch.approval_requested'
         order by subject, id desc
      ) sent
     where sent.subject = b.id::text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('batch_payments').dropColumn('requested_by').execute();
}
