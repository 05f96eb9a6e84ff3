import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { ensureInternalAccounts } from '../modules/ledger/internal-accounts.ts';
import { seedDemo, seedRoles } from '../world/demo-seed.ts';

/** Migrates and seeds one database per run; each test file starts from a copy of it. */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'lynk-api-test-'));
  const database = await openDatabase({ dataDir: 'memory://' });
  await migrateToLatest(database.db as never);
  await seedRoles(database.db);
  await ensureInternalAccounts(database.db);
  await seedDemo(database.db);
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const file = path.join(dir, 'seeded.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('seededDatabase', file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    seededDatabase: string;
  }
}
