import { randomBytes } from 'node:crypto';
import pg from 'pg';

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
