import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Accounts become ledger accounts: wallets (never below zero), the merchant's linked bank
  // accounts and beneficiaries, consumer wallets of the simulated world and internal accounts.
  await sql`alter table accounts drop constraint accounts_type_check`.execute(db);
  await sql`alter table accounts add constraint accounts_type_check
    check (type in ('LYNK', 'CBDC', 'BANK_ACCOUNT', 'BENEFICIARY', 'CONSUMER', 'INTERNAL'))`.execute(db);
  await db.schema
    .alterTable('accounts')
    .addColumn('label', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('allow_negative', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await sql`alter table accounts add constraint accounts_balance_not_negative
    check (allow_negative or balance >= 0)`.execute(db);

  await db.schema
    .createTable('journal_entries')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('transfer_id', 'bigint')
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('postings')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('entry_id', 'bigint', (c) => c.notNull().references('journal_entries.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency in ('JMD', 'JAM-DEX')`))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount <> 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('postings_account').on('postings').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('postings_entry').on('postings').column('entry_id').execute();

  await db.schema
    .createTable('transfers')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('wallet_account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('counterpart_account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('direction', 'text', (c) => c.notNull().check(sql`direction in ('CASH_IN', 'CASH_OUT')`))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('CASH IN', 'CASH OUT', 'DISBURSEMENT')`))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('SCHEDULED', 'PENDING', 'TRANSMITTED', 'COMPLETED', 'FAILED')`),
    )
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('commission', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('gct', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('from_label', 'text', (c) => c.notNull())
    .addColumn('to_label', 'text', (c) => c.notNull())
    .addColumn('jam_dex', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('limit_type', 'text')
    .addColumn('limit_period_start', 'date')
    .addColumn('failure_reason', 'text')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .execute();
  // The history listings: newest first per merchant, optionally JAM-DEX only.
  await db.schema
    .createIndex('transfers_merchant_created')
    .on('transfers')
    .columns(['merchant_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('transfers_merchant_jamdex_created')
    .on('transfers')
    .columns(['merchant_id', 'jam_dex', 'created_at', 'id'])
    .execute();
  await sql`alter table journal_entries add constraint journal_entries_transfer_fk
    foreign key (transfer_id) references transfers (id)`.execute(db);

  await db.schema
    .createTable('account_limits')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('transfer_type', 'text', (c) =>
      c.notNull().check(sql`transfer_type in ('TOP', 'ACH_CASHOUT', 'MBATCH')`),
    )
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount >= 0`))
    .addPrimaryKeyConstraint('account_limits_pk', ['account_id', 'transfer_type'])
    .execute();

  await db.schema
    .createTable('limit_usage')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('transfer_type', 'text', (c) => c.notNull())
    .addColumn('period_start', 'date', (c) => c.notNull())
    .addColumn('used', 'bigint', (c) => c.notNull().check(sql`used >= 0`))
    .addPrimaryKeyConstraint('limit_usage_pk', ['account_id', 'transfer_type', 'period_start'])
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('response_body', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_expires')
    .on('idempotency_keys')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('cbdc_payments')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('from_id', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('Success', 'Failure')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('cbdc_payments_account_created')
    .on('cbdc_payments')
    .columns(['account_id', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['cbdc_payments', 'idempotency_keys', 'limit_usage', 'account_limits']) {
    await db.schema.dropTable(table).execute();
  }
  await sql`alter table journal_entries drop constraint journal_entries_transfer_fk`.execute(db);
  for (const table of ['transfers', 'postings', 'journal_entries'])
    await db.schema.dropTable(table).execute();
  await sql`alter table accounts drop constraint accounts_balance_not_negative`.execute(db);
  await db.schema
    .alterTable('accounts')
    .dropColumn('label')
    .dropColumn('balance')
    .dropColumn('allow_negative')
    .dropColumn('details')
    .execute();
}
