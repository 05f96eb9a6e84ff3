import { sql, type Kysely } from 'kysely';

/**
 * Orders (payment requests and what customers paid), their refunds, and the customers who pay them
 * (wallet users of the simulated world, with a J$ wallet and a password for the pay page).
 *
 * Money moves only through the ledger engine: paying an order and refunding one are engine
 * requests that change the order in the same statement as the postings (ADR 021). An order's
 * `transfer_id` and a refund's id are the journal entries that moved the money.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('consumers')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('handle', 'text', (c) =>
      c
        .notNull()
        .unique()
        .check(sql`handle ~ '^@[a-z0-9._-]{3,30}$'`),
    )
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('wallet_account_id', 'integer', (c) => c.notNull().unique().references('accounts.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('wallet_account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('fee', 'bigint', (c) => c.notNull().check(sql`fee >= 0`))
    .addColumn('tax', 'bigint', (c) => c.notNull().check(sql`tax >= 0`))
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency = 'JMD'`))
    .addColumn('description', 'text', (c) => c.notNull().check(sql`length(description) <= 100`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`status in ('RECEIVED', 'PAID', 'REJECTED', 'FAILED', 'PENDING_REFUND', 'EXPIRED', 'REFUNDED')`,
        ),
    )
    .addColumn('channel', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`channel in ('SHOW_TO_PAY', 'PAY_WITH_LYNK', 'SCAN_AND_PAY', 'PAYMENT_LINK', 'FIND_AND_PAY')`,
        ),
    )
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('cashier_name', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('paid_at', 'timestamptz')
    .addColumn('payer_account_id', 'integer')
    .addColumn('lynk_id', 'text')
    .addColumn('transfer_id', 'bigint')
    .addColumn('external_transaction_id', 'text')
    .addColumn('refunded', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('refunded_fee', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('refunded_tax', 'bigint', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('orders_fee_within_amount', sql`fee + tax <= amount`)
    .addCheckConstraint(
      'orders_refunds_within_payment',
      sql`refunded between 0 and amount and refunded_fee between 0 and fee and refunded_tax between 0 and tax`,
    )
    .addCheckConstraint(
      'orders_paid_has_payment',
      sql`(status in ('RECEIVED', 'REJECTED', 'FAILED', 'EXPIRED')) = (transfer_id is null)`,
    )
    .execute();
  // Order ids are what staff read out and type: six digits from the first.
  await sql`alter table orders alter column id restart with 100001`.execute(db);
  // The orders list: a merchant's orders newest first, optionally a cashier's own.
  await sql`create index orders_listing on orders (merchant_id, created_at, id)`.execute(db);
  await sql`create index orders_cashier_listing on orders (merchant_id, created_by, created_at, id)`.execute(
    db,
  );
  // How many orders each merchant (and each of its staff) has, kept as orders are inserted: the
  // listing's unfiltered total is a row read, not a count over a million index entries. Counted
  // per statement, so a bulk load updates each counter once.
  await db.schema
    .createTable('order_counts')
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    // 0 for orders nobody on the staff created.
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_counts_pk', ['merchant_id', 'created_by'])
    .execute();
  await sql`
    create function order_counts_after_insert() returns trigger language plpgsql as $$
    begin
      insert into order_counts (merchant_id, created_by, n)
      select merchant_id, coalesce(created_by, 0), count(*) from inserted group by 1, 2
      on conflict (merchant_id, created_by) do update set n = order_counts.n + excluded.n;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger order_counts_after_insert after insert on orders
    referencing new table as inserted for each statement
    execute function order_counts_after_insert()`.execute(db);
  // Orders are never deleted: their count only grows.
  await sql`
    create function orders_are_kept() returns trigger language plpgsql as $$
    begin
      raise exception 'orders are never deleted';
    end $$`.execute(db);
  await sql`
    create trigger orders_are_kept before delete or truncate on orders
    for each statement execute function orders_are_kept()`.execute(db);
  // The expiry job finds unpaid requests past their time without reading the paid ones.
  await sql`create index orders_awaiting_payment on orders (expires_at) where status = 'RECEIVED'`.execute(
    db,
  );

  await db.schema
    .createTable('refunds')
    // The journal entry that moved the money back.
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('order_id', 'bigint', (c) => c.notNull().references('orders.id'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('commission_refund', 'bigint', (c) => c.notNull().check(sql`commission_refund >= 0`))
    .addColumn('gct_refund', 'bigint', (c) => c.notNull().check(sql`gct_refund >= 0`))
    .addColumn('motif', 'text', (c) =>
      c.notNull().check(sql`motif in ('WRONG', 'NOT_NEEDED', 'DAMAGED', 'OTHER')`),
    )
    .addColumn('description', 'text', (c) => c.notNull().check(sql`length(description) <= 100`))
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index refunds_listing on refunds (merchant_id, created_at, id)`.execute(db);
  await sql`create index refunds_of_order on refunds (order_id)`.execute(db);

  // A customer's pay-page session: the cookie holds a random token, the table only its hash.
  await db.schema
    .createTable('consumer_sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('consumer_id', 'integer', (c) => c.notNull().references('consumers.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index consumer_sessions_expires on consumer_sessions (expires_at)`.execute(db);

  // What the portal tells a merchant's staff (spec section 3, Notification). A payment received is
  // written by the ledger engine in the statement that moves the money.
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index notifications_listing on notifications (merchant_id, created_at, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notifications').execute();
  await db.schema.dropTable('consumer_sessions').execute();
  await db.schema.dropTable('refunds').execute();
  await db.schema.dropTable('orders').execute();
  await db.schema.dropTable('order_counts').execute();
  await sql`drop function order_counts_after_insert()`.execute(db);
  await sql`drop function orders_are_kept()`.execute(db);
  await db.schema.dropTable('consumers').execute();
}
