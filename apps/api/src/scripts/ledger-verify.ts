/**
 * `npm run ledger:verify`: recomputes the ledger from its postings and checks every rule on the
 * configured database (DATABASE_URL, else the embedded one in DATA_DIR — stop the server first,
 * the embedded database has one user at a time). Prints what it found; exits 1 when anything is off.
 */
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { verifyLedger } from '../modules/ledger/index.ts';

const config = loadConfig(process.env);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrateToLatest(database.db as never);
  const { ok, violations, totalsPerCurrency } = await verifyLedger(database.db);
  for (const [check, count] of Object.entries(violations)) {
    console.log(`${count === 0 ? 'ok  ' : 'FAIL'} ${check}: ${count}`);
  }
  for (const [currency, total] of Object.entries(totalsPerCurrency)) {
    console.log(`${total === 0n ? 'ok  ' : 'FAIL'} postings in ${currency} sum to ${total}`);
  }
  console.log(ok ? 'ledger verified: sound' : 'ledger verification FAILED');
  process.exitCode = ok ? 0 : 1;
} finally {
  await database.close();
}
