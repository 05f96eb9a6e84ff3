import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'kysely';
import type { DatabaseHandle } from './database.ts';

/**
 * A copy of the embedded database that loads as it was at one moment (ADR 046), as a gzipped tar
 * of its folder (PGlite's `dumpDataDir` format, which `PGlite.create(…, { loadDataDir })` loads).
 *
 * It is taken holding the pool's only connection, so no transaction of anybody's is open: what is
 * copied is every committed transaction and nothing of one under way. A CHECKPOINT first writes
 * every changed page to the data files, so loading the copy replays no WAL. `dumpDataDir` itself
 * reads the whole folder in one synchronous pass inside PGlite's query lock: nothing writes to the
 * folder while it is read. The tar is made in memory (about the size of the folder) and compressed
 * after the connection is given back: the database waits only for the read.
 */
export async function dumpEmbeddedDatabase(database: DatabaseHandle): Promise<{ tar: Blob; heldMs: number }> {
  const { pglite, db } = database;
  if (!pglite) throw new Error('Not the embedded database: PostgreSQL is backed up with pg_dump');
  let heldMs = 0;
  // Kysely's one reserved connection: the pool's only one, held until the callback returns.
  const tar = await db.connection().execute(async (connection) => {
    const started = performance.now();
    await sql`checkpoint`.execute(connection);
    const dump = await pglite.dumpDataDir('none');
    heldMs = performance.now() - started;
    return dump;
  });
  return { tar, heldMs };
}

/** Writes a dump gzipped to `destination` (a file, the control socket), ending it. */
export function writeGzipped(tar: Blob, destination: Writable): Promise<void> {
  return pipeline(Readable.fromWeb(tar.stream() as never), createGzip(), destination);
}
