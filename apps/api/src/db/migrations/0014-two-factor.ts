import { sql, type Kysely } from 'kysely';

/**
 * Two-factor sign-in (docs/decisions/030). One authenticator (TOTP, RFC 6238) per user: its secret
 * sealed with AES-256-GCM (never stored readable), `confirmed_at` null while an enrolment waits
 * for its first code, and the last time step accepted so a code is never accepted twice. Recovery
 * codes are kept only as keyed hashes, each usable once. A portal session records when its user
 * last signed in and last gave the second factor, for the step-up rule on money leaving.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('two_factor_credentials')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('last_step', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('two_factor_recovery_codes')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addPrimaryKeyConstraint('two_factor_recovery_codes_pk', ['user_id', 'code_hash'])
    .execute();

  await db.schema
    .alterTable('sessions')
    .addColumn('authenticated_at', 'timestamptz')
    .addColumn('second_factor_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .dropColumn('second_factor_at')
    .dropColumn('authenticated_at')
    .execute();
  await db.schema.dropTable('two_factor_recovery_codes').execute();
  await db.schema.dropTable('two_factor_credentials').execute();
}
