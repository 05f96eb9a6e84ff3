/**
 * `npm run restore -- <file>`: puts a backup of `npm run backup` back (ADR 046), then runs the
 * migrations it predates and verifies the ledger. Embedded: refuses while a server runs on
 * DATA_DIR and refuses a file that is not a backup, touching nothing; the database it replaces is
 * kept as `pgdata.before-restore-<UTC time>`. PostgreSQL (DATABASE_URL): pg_restore in one
 * transaction. Exits 1 when nothing was restored or the ledger is not sound.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { isMemoryDataDir, loadConfig } from '../config.ts';
import { realClock } from '../lib/clock.ts';
import { restoreEmbedded } from './embedded-backup.ts';
import { restorePostgres } from './postgres-backup.ts';

const config = loadConfig(process.env);
const [given] = process.argv.slice(2);
try {
  if (!given) throw new Error('name the backup to restore: npm run restore -- <file>');
  const file = path.resolve(config.commandDir, given);
  if (!existsSync(file)) throw new Error(`${file} does not exist`);
  let sound: boolean;
  if (config.databaseUrl) {
    console.log('restoring with pg_restore: stop every server on this database first');
    sound = await restorePostgres(config.databaseUrl, file);
  } else if (isMemoryDataDir(config.dataDir)) {
    throw new Error('DATA_DIR is memory://: there is no folder to restore into');
  } else {
    const report = await restoreEmbedded(config.dataDir, file, realClock());
    if (report.keptAside) console.log(`the database it replaced is kept in ${report.keptAside}`);
    sound = report.ledgerSound;
  }
  if (!config.sessionEncryptionKey && !existsSync(path.join(config.dataDir, 'secrets.json'))) {
    console.log(
      `warning: no ${path.join(config.dataDir, 'secrets.json')} and no SESSION_ENCRYPTION_KEY: put back the backed-up install's secrets before starting the server, or its two-factor secrets and sessions cannot be read`,
    );
  }
  console.log(sound ? 'restored' : 'restored, but the ledger verification FAILED');
  process.exitCode = sound ? 0 : 1;
} catch (error) {
  console.error(`restore failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
