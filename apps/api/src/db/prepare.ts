import type { Kysely } from 'kysely';
import { ensureInternalAccounts } from '../modules/ledger/internal-accounts.ts';
import { seedDemo, seedRoles } from '../world/demo-seed.ts';
import { migrateToLatest } from './migrate.ts';
import type { Database } from './schema.ts';

/**
 * Brings a database to the latest schema with the rows every install needs (roles, the ledger's
 * own accounts) and, when asked, the demo world. Each step does only what is missing, so a
 * restart, or a database made from the build's template, passes through it quickly.
 */
export async function prepareDatabase(db: Kysely<Database>, options: { demo: boolean }): Promise<void> {
  await migrateToLatest(db as never);
  await seedRoles(db);
  await ensureInternalAccounts(db);
  if (options.demo) await seedDemo(db);
}
