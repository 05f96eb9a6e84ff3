import { existsSync, statSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { embeddedDataPath, openDatabase } from '../db/database.ts';
import { realClock } from '../lib/clock.ts';
import { prepareDatabase } from './prepare.ts';

/**
 * The embedded database as a first start leaves it (migrated, with the demo world), dumped by
 * `npm run build`. A first start loads it instead of creating a cluster (initdb), running every
 * migration and seeding: seconds instead of fifteen.
 */
export const DATABASE_TEMPLATE = fileURLToPath(new URL('../../dist/database-template.tar', import.meta.url));

/**
 * The demo world is dated from when it was seeded (orders of the last days, links awaiting
 * payment): past this age a template is not used, and the first start seeds afresh.
 */
export const TEMPLATE_MAX_AGE_MS = 12 * 60 * 60 * 1000;

export async function writeDatabaseTemplate(file = DATABASE_TEMPLATE): Promise<void> {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await prepareDatabase(database.db, { demo: true, now: realClock() });
    // Uncompressed: it stays on this machine, and loading it is then only a copy.
    const dump = await database.pglite!.dumpDataDir('none');
    await mkdir(path.dirname(file), { recursive: true });
    // Written beside and renamed, so a server starting meanwhile never reads half a template.
    const partial = `${file}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
  } finally {
    await database.close();
  }
}

/**
 * The template to create the embedded database in `dataDir` from: only when that folder holds no
 * database yet and the build made a template in the last TEMPLATE_MAX_AGE_MS. Otherwise the
 * database is opened, or created and seeded, as without one.
 */
export async function templateFor(
  dataDir: string,
  options: { file?: string; now?: number } = {},
): Promise<Blob | undefined> {
  // A file's age on disk is real time, whatever clock the app then runs on.
  const { file = DATABASE_TEMPLATE, now = realClock().getTime() } = options;
  if (existsSync(path.join(embeddedDataPath(dataDir), 'PG_VERSION'))) return undefined;
  const made = statSync(file, { throwIfNoEntry: false });
  if (!made || now - made.mtimeMs > TEMPLATE_MAX_AGE_MS) return undefined;
  return new Blob([await readFile(file)]);
}
