import { sql, type Kysely } from 'kysely';

/**
 * Staff activation (docs/decisions/028): a new staff member sets their own password through a
 * single-use, expiring link. `staff_activations` keeps only the SHA-256 of the link's token, and
 * only once the mail job has minted it; `mail_outbox` is the queue of messages to deliver (the
 * token is minted when a message is delivered, so it is never stored in the clear there);
 * `dev_mailbox` holds what a development server without SMTP would have sent, for the mail viewer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('staff_activations')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // The merchant that registered them: the email names it.
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('expires_at', 'timestamptz')
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('staff_activations_user').on('staff_activations').column('user_id').execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('staff-activation')`))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('activation_id', 'bigint', (c) =>
      c.notNull().references('staff_activations.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('PENDING')
        .check(sql`status in ('PENDING', 'SENT', 'KEPT', 'FAILED')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('delivered_at', 'timestamptz')
    .execute();
  // The job picks up what is still to deliver, oldest first.
  await sql`create index mail_outbox_pending on mail_outbox (id) where status = 'PENDING'`.execute(db);

  await db.schema
    .createTable('dev_mailbox')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('dev_mailbox').execute();
  await db.schema.dropTable('mail_outbox').execute();
  await db.schema.dropTable('staff_activations').execute();
}
