import type { Kysely } from 'kysely';
import type { Pool } from 'pg';
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

/** Any constant of ours: the advisory lock under which one instance of a fleet prepares at a time. */
const PREPARE_LOCK = 4_711_045;

/**
 * `prepareDatabase` for a server's start. On PostgreSQL the instances of a fleet may start
 * together: each takes a session advisory lock on a connection of its own first, so one migrates
 * and seeds while the others wait, then find nothing left to do. The embedded database belongs to
 * one process (and its pool's one connection would be held by the lock).
 */
export async function prepareForStart(
  database: { db: Kysely<Database>; pool: Pool; url: string | undefined },
  options: { demo: boolean; now: Date },
): Promise<void> {
  if (!database.url) return prepareDatabase(database.db, options);
  const lock = await database.pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [PREPARE_LOCK]);
    await prepareDatabase(database.db, options);
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [PREPARE_LOCK]).catch(() => undefined);
    lock.release();
  }
}
