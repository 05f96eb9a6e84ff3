/**
 * `npm run ledger:verify`: recomputes the ledger from its postings and checks every rule on the
 * configured database (DATABASE_URL, else the embedded one in DATA_DIR — stop the server first,
 * the embedded database has one user at a time). Prints what it found; exits 1 when anything is off.
 */
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { printLedgerVerification } from './ledger-report.ts';

const config = loadConfig(process.env);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrateToLatest(database.db as never);
  process.exitCode = (await printLedgerVerification(database.db)) ? 0 : 1;
} finally {
  await database.close();
}
