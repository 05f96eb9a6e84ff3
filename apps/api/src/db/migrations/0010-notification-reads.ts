import { sql, type Kysely } from 'kysely';

/**
 * Each staff member reads notifications for themselves (docs/decisions/026): Mark All As Read
 * moves the user's watermark for the merchant (every notification up to `read_through_id` is
 * read), opening one notification adds a row to `notification_reads`. A notification is unread
 * for a user when its id is above their watermark and they have no read row for it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notification_read_marks')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('read_through_id', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_read_marks_pk', ['user_id', 'merchant_id'])
    .execute();

  // The primary key answers "has this user read this notification" for the unread count's anti-join.
  await db.schema
    .createTable('notification_reads')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('notification_id', 'bigint', (c) =>
      c.notNull().references('notifications.id').onDelete('cascade'),
    )
    .addColumn('read_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_reads_pk', ['user_id', 'notification_id'])
    .execute();
  // Deleting a notification (or its merchant's) checks this side of the foreign key.
  await sql`create index notification_reads_notification on notification_reads (notification_id)`.execute(db);

  // The unread count and Mark All As Read walk a merchant's notifications above the watermark by
  // id; the code rides along so the permission filter needs no visit to the table.
  await sql`create index notifications_unread on notifications (merchant_id, id) include (code)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index notifications_unread`.execute(db);
  await db.schema.dropTable('notification_reads').execute();
  await db.schema.dropTable('notification_read_marks').execute();
}
