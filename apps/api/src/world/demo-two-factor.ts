import type { Kysely } from 'kysely';
import { ROLE_IDS } from '@lynk/contract/roles';
import type { Database } from '../db/schema.ts';
import { seedAuthenticator, type TwoFactorKeys } from '../modules/identity/index.ts';
import { DEMO_USERS } from './demo-chain.ts';

/**
 * The demo admins' and super admin's authenticator secret (listed in the README): add it to any
 * authenticator app as a time-based key to sign in as them. Demo data only — never seeded in a
 * deployment that turns the demo off.
 */
export const DEMO_TOTP_SECRET = 'LYNKDEMOLYNKDEMOLYNKDEMOLYNKDEMO';

const NEEDS_SECOND_FACTOR = new Set<number>([ROLE_IDS.ADMIN, ROLE_IDS.SUPER_ADMIN]);

/**
 * Gives the demo admins the known authenticator, sealed with this install's key (so it runs at
 * start-up, where the key is, rather than in the database seed). One who set up their own keeps it.
 */
export async function seedDemoTwoFactor(db: Kysely<Database>, keys: TwoFactorKeys, now: Date): Promise<void> {
  const emails = DEMO_USERS.filter((u) => NEEDS_SECOND_FACTOR.has(u.roleId)).map((u) => u.email);
  const users = await db.selectFrom('users').select('id').where('email', 'in', emails).execute();
  for (const { id } of users) {
    await seedAuthenticator(db, keys, id, DEMO_TOTP_SECRET, now);
  }
}
