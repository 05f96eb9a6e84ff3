import { mkdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { isMemoryDataDir } from '../config.ts';
import type { Database } from './schema.ts';

// Postgres bigint (int8) arrives as a string by default; keep it a string so no precision is lost,
// and let code convert at the edge. Calendar dates stay 'YYYY-MM-DD' strings: turning them into a
// Date at local midnight would shift them by the server's time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

/**
 * Every merchant's money goes through the same few internal accounts: one row each would be a
 * lock every writer waits for. Each is split into one sub-account per shard (ADR 020); a shard's
 * writer only touches its own, and the account's balance is the sum over its shards. Kept here,
 * below the ledger module, because the pool for the ledger's writers is sized by it (never more
 * writers than shards).
 */
export const LEDGER_SHARDS = 8;

/**
 * Ledger batches committing side by side on PostgreSQL (ADR 020): one per core, at least two, at
 * most one per shard. More writers than cores only makes batches smaller and commits more.
 */
const LEDGER_WRITERS = Math.min(LEDGER_SHARDS, Math.max(2, availableParallelism()));

export interface DatabaseHandle {
  db: Kysely<Database>;
  pool: pg.Pool;
  /**
   * The ledger engine's connections (ADR 020): on PostgreSQL a pool of its own, one connection per
   * writer, so batches never queue behind page reads; embedded, the one connection everyone shares.
   */
  ledger: { db: Kysely<Database>; writers: number; pool: pg.Pool };
  /** Present when running on the embedded database. */
  pglite: PGlite | undefined;
  /** The PostgreSQL server's address, for a connection of its own (the listing changes' LISTEN). */
  url: string | undefined;
  /** Who hears of a connection lost while idle (by default a process warning). */
  onConnectionLost(listener: (error: Error) => void): void;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** A folder, or `memory://` for a throwaway in-memory database. */
  dataDir: string;
  /** A PGlite data dump to start from (tests clone one migrated database per file). */
  loadDataDir?: Blob | File;
}

/** Where the embedded database keeps its cluster inside the data folder. */
export function embeddedDataPath(dataDir: string): string {
  return `${dataDir.replace(/\/+$/, '')}/pgdata`;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const ledgerPool = new pg.Pool({ connectionString: options.databaseUrl, max: LEDGER_WRITERS });
    const ledgerDb = new Kysely<Database>({ dialect: new PostgresDialect({ pool: ledgerPool }) });
    return {
      db,
      pool,
      ledger: { db: ledgerDb, writers: LEDGER_WRITERS, pool: ledgerPool },
      pglite: undefined,
      url: options.databaseUrl,
      onConnectionLost: surviveLostConnections([pool, ledgerPool]),
      close: async () => {
        await Promise.all([db.destroy(), ledgerDb.destroy()]);
      },
    };
  }
  const onDisk = !isMemoryDataDir(options.dataDir);
  // PGlite creates its own folder but not the ones above it (a first run, a cleared temp dir).
  if (onDisk) await mkdir(options.dataDir, { recursive: true });
  const dataDir = onDisk ? embeddedDataPath(options.dataDir) : undefined;
  const pglite = await PGlite.create(
    dataDir,
    options.loadDataDir ? { loadDataDir: options.loadDataDir } : {},
  );
  // PGlite is one connection: a pool of one makes every transaction exclusive, and everything
  // else (jobs included) queues behind it instead of running inside someone else's transaction.
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    pool,
    ledger: { db, writers: 1, pool },
    pglite,
    url: undefined,
    onConnectionLost: surviveLostConnections([pool]),
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}

/**
 * pg-pool emits `error` when the server closes one of its idle connections (a restart, an
 * administrator ending backends, a test database dropped while a closing connection says goodbye)
 * and drops that connection; the next query opens a new one. Unheard, the event would end the
 * process, so every pool is heard from the start and the listener can be replaced (the app logs).
 */
function surviveLostConnections(pools: pg.Pool[]): DatabaseHandle['onConnectionLost'] {
  let report = (error: Error) => process.emitWarning(`database connection lost: ${error.message}`);
  for (const pool of pools) pool.on('error', (error) => report(error));
  return (listener) => {
    report = listener;
  };
}
