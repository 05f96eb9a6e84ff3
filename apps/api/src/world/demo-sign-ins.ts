import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { verifyPassword } from '../modules/identity/index.ts';
import { DEMO_CONSUMERS } from './demo-consumers.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-seed.ts';

/**
 * The first of the README's sign-ins (staff and pay-page customers) that still opens with the
 * README's password, or null. A production database normally holds none of these emails, so this
 * is one query; a password is checked only for an email that is there.
 */
export async function findDemoSignIn(db: Kysely<Database>): Promise<string | null> {
  const rows = await db
    .selectFrom('users')
    .select(['email', 'password_hash'])
    .where(
      'email',
      'in',
      DEMO_USERS.map((u) => u.email),
    )
    .unionAll(
      db
        .selectFrom('consumers')
        .select(['email', 'password_hash'])
        .where(
          'email',
          'in',
          DEMO_CONSUMERS.map((c) => c.email),
        ),
    )
    .execute();
  // Each check is a full scrypt (a few hundred milliseconds): a hash shared by several is checked once.
  const checked = new Set<string>();
  for (const row of rows) {
    if (checked.has(row.password_hash)) continue;
    checked.add(row.password_hash);
    if (await verifyPassword(DEMO_PASSWORD, row.password_hash)) return row.email;
  }
  return null;
}

/** A production start refuses a database in which anyone who read the README can sign in. */
export async function refuseDemoSignIns(db: Kysely<Database>): Promise<void> {
  const email = await findDemoSignIn(db);
  if (email) {
    throw new Error(
      `Refusing to start in production: ${email} signs in with the demo’s published password. ` +
        'Start the demo with DEMO=1, or use a database without the demo users.',
    );
  }
}
