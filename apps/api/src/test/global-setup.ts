import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database.ts';
import { prepareDatabase } from '../scripts/prepare.ts';
import { writeDatabaseTemplate } from '../scripts/database-template.ts';
import {
  createDatabase,
  databaseUrl,
  dropDatabase,
  testDatabaseName,
  type PostgresTemplate,
} from './postgres-server.ts';

/** One migrated, seeded template database on a PostgreSQL server; each test file copies it. */
export async function providePostgresTemplate(project: TestProject, serverUrl: string) {
  const template = testDatabaseName('lynk_test');
  await createDatabase(serverUrl, template);
  const database = await openDatabase({
    databaseUrl: databaseUrl(serverUrl, template),
    dataDir: 'memory://',
  });
  await prepareDatabase(database.db, { demo: true, now: new Date() });
  await database.close();
  project.provide('postgresTemplate', { serverUrl, template } satisfies PostgresTemplate);
  project.provide('seededDatabase', '');
  return () => dropDatabase(serverUrl, template);
}

/** One migrated, seeded embedded database dumped to a file; each test file loads a copy. */
async function providePgliteDump(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'lynk-api-test-'));
  // The same dump a first start of the server loads (scripts/database-template.ts).
  const file = path.join(dir, 'seeded.tar');
  await writeDatabaseTemplate(file);
  project.provide('postgresTemplate', null);
  project.provide('seededDatabase', file);
  return () => rm(dir, { recursive: true, force: true });
}

/** The embedded database, or the PostgreSQL server `TEST_DATABASE_URL` names. */
export default function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  return serverUrl ? providePostgresTemplate(project, serverUrl) : providePgliteDump(project);
}

declare module 'vitest' {
  export interface ProvidedContext {
    seededDatabase: string;
    postgresTemplate: PostgresTemplate | null;
  }
}
