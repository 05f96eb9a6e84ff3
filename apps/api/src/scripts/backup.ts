/**
 * `npm run backup [-- <file>]`: a backup of the configured database (ADR 046), written whole or not
 * at all, by default to `DATA_DIR/backups/lynk-<UTC time>.tar.gz` (embedded; the running server
 * makes the copy, or this process when none runs) or `….pgdump` (pg_dump, with DATABASE_URL).
 * Prints the file and its size; exits 1 when no backup was written.
 */
import path from 'node:path';
import { isMemoryDataDir, loadConfig } from '../config.ts';
import { realClock } from '../lib/clock.ts';
import { defaultBackupFile } from './backup-files.ts';
import { backupEmbedded } from './embedded-backup.ts';
import { backupPostgres } from './postgres-backup.ts';

const config = loadConfig(process.env);
const [given] = process.argv.slice(2);
/** The file named on the command line, else a new one in DATA_DIR/backups. */
const target = (extension: '.tar.gz' | '.pgdump') =>
  given
    ? path.resolve(config.commandDir, given)
    : defaultBackupFile(path.resolve(config.dataDir), realClock(), extension);
try {
  if (config.databaseUrl) {
    const file = target('.pgdump');
    const size = await backupPostgres(config.databaseUrl, file);
    console.log(`backup written by pg_dump: ${file} (${formatSize(size)})`);
  } else if (isMemoryDataDir(config.dataDir)) {
    throw new Error('DATA_DIR is memory://: there is no database on disk to back up');
  } else {
    const file = target('.tar.gz');
    const { size, source } = await backupEmbedded(config.dataDir, file);
    console.log(`backup written from ${source}: ${file} (${formatSize(size)})`);
  }
  // Two-factor secrets and session tokens are stored encrypted: a restore without the key loses them.
  console.log(
    `keep ${path.join(config.dataDir, 'secrets.json')} (or SESSION_ENCRYPTION_KEY and SESSION_SECRET) safe as well, apart from the backups: the restored database needs that key`,
  );
} catch (error) {
  console.error(`backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
}

function formatSize(bytes: number): string {
  return `${bytes} bytes, ${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
