import { spawn } from 'node:child_process';
import { open } from 'node:fs/promises';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { NotABackup, writeAtomically } from './backup-files.ts';
import { printLedgerVerification } from './ledger-report.ts';

/**
 * Backup and restore on PostgreSQL (ADR 046): PostgreSQL's own pg_dump and pg_restore, found on
 * PATH. Fine for a small or medium database; a large one is backed up by continuous archiving
 * (pg_basebackup and WAL archiving, docs/operations.md).
 */

/** pg_dump's custom format starts with these bytes. */
const CUSTOM_FORMAT_MAGIC = 'PGDMP';

export async function backupPostgres(databaseUrl: string, file: string): Promise<number> {
  const { url, password } = withoutPassword(databaseUrl);
  return writeAtomically(
    file,
    (partial) => run('pg_dump', ['--format=custom', `--file=${partial}`, `--dbname=${url}`], password),
    async (partial) => {
      if (!(await isCustomDump(partial)))
        throw new Error(`pg_dump wrote something else than a dump to ${partial}`);
    },
  );
}

/**
 * Restores a pg_dump (custom format) into the database: what the dump holds is dropped and made
 * again in one transaction (a failure leaves the database as it was), then the migrations the dump
 * predates run and the ledger is verified. Answers whether the ledger is sound.
 */
export async function restorePostgres(databaseUrl: string, file: string): Promise<boolean> {
  if (!(await isCustomDump(file))) {
    throw new NotABackup(`${file} is not a pg_dump archive in the custom format (pg_dump --format=custom)`);
  }
  const { url, password } = withoutPassword(databaseUrl);
  await run(
    'pg_restore',
    ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${url}`, file],
    password,
  );
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://' });
  try {
    const ran = await migrateToLatest(database.db as never);
    console.log(
      ran.length === 0
        ? 'migrations: the backup is up to date'
        : `migrations run on the backup: ${ran.join(', ')}`,
    );
    return await printLedgerVerification(database.db);
  } finally {
    await database.close();
  }
}

async function isCustomDump(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(CUSTOM_FORMAT_MAGIC.length), 0, 5, 0);
    return bytesRead === CUSTOM_FORMAT_MAGIC.length && buffer.toString('latin1') === CUSTOM_FORMAT_MAGIC;
  } finally {
    await handle.close();
  }
}

/**
 * The connection string without its password, which goes to the tool in PGPASSWORD instead: a
 * command line can be read by every user of the machine (`ps`), a process's environment cannot.
 */
function withoutPassword(databaseUrl: string): { url: string; password: string | undefined } {
  const url = new URL(databaseUrl);
  const password = url.password ? decodeURIComponent(url.password) : undefined;
  url.password = '';
  return { url: url.toString(), password };
}

/** Runs one of PostgreSQL's client programs; its messages go to our stderr as they come. */
function run(tool: 'pg_dump' | 'pg_restore', args: string[], password: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    // The tool is given this process's environment (PATH, PG* settings) and the password.
    const env = password === undefined ? process.env : { ...process.env, PGPASSWORD: password };
    const child = spawn(tool, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let said = '';
    child.stderr.on('data', (chunk: Buffer) => {
      said = (said + chunk.toString()).slice(-8000);
      process.stderr.write(chunk);
    });
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `${tool} was not found on PATH: install PostgreSQL's client programs, of the server's major version or newer (Debian and Ubuntu: the package postgresql-client, or postgresql-client-<version>)`,
            )
          : error,
      ),
    );
    child.once('close', (code) => {
      if (code === 0) return resolve();
      const hint = /version mismatch/.test(said)
        ? ` (${tool} must be of the server's major version or newer: install that PostgreSQL client and put it first on PATH)`
        : '';
      reject(new Error(`${tool} failed with exit code ${code}${hint}`));
    });
  });
}
