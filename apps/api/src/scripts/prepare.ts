import type { Kysely } from 'kysely';
import { ensureInternalAccounts } from '../modules/ledger/index.ts';
import { seedDemo, seedRoles } from '../world/demo-seed.ts';
import { refuseDemoSignIns } from '../world/demo-sign-ins.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { Database } from '../db/schema.ts';

/**
 * Brings a database to the latest schema with the rows every install needs (roles, the ledger's
 * own accounts) and, for the demo, the demo world. Each step does only what is missing, so a
 * restart, or a database made from the build's template, passes through it quickly. Outside the
 * demo it refuses (throws on) a database where the README's sign-ins still open (ADR 041).
 */
export async function prepareDatabase(
  db: Kysely<Database>,
  options: { demo: boolean; now: Date },
): Promise<void> {
  await migrateToLatest(db as never);
  await seedRoles(db);
  await ensureInternalAccounts(db);
  if (options.demo) await seedDemo(db, options.now);
  else await refuseDemoSignIns(db);
}
