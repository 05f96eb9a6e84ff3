/** The server (started by server.ts): settings, database, app, listening, and a clean shutdown. */
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { prepareDatabase } from './scripts/prepare.ts';
import { templateFor } from './scripts/database-template.ts';
import { loadSecrets } from './lib/secrets.ts';
import { realClock } from './lib/clock.ts';
import { fileClock } from './lib/test-clock.ts';
import { verifyLedger } from './modules/ledger/index.ts';
import { buildApp } from './app.ts';

const config = loadConfig();
// The journeys' server runs on the clock they move (TEST_CLOCK_FILE); any other on real time.
const clock = config.testClockFile ? fileClock(config.testClockFile) : realClock;
const secrets = await loadSecrets(config.dataDir);
if (config.sessionSecret) secrets.sessionSecret = config.sessionSecret;
if (config.sessionEncryptionKey) secrets.sessionEncryptionKey = config.sessionEncryptionKey;

// A first start with the demo world loads the build's template instead of creating it all.
const template = !config.databaseUrl && config.demo ? await templateFor(config.dataDir) : undefined;
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  ...(template ? { loadDataDir: template } : {}),
});
await prepareDatabase(database.db, { demo: config.demo, now: clock() });

const app = await buildApp({
  config,
  database,
  secrets,
  now: clock,
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => process.exit(1), 15_000);
  timer.unref();
  try {
    await app.close();
    // Everything has stopped moving money (the rail is stopped, the writers drained).
    const sound = config.verifyLedgerOnShutdown ? await verifyLedgerBeforeExit() : true;
    await database.close();
    process.exit(sound ? 0 : 3);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
async function verifyLedgerBeforeExit(): Promise<boolean> {
  const { ok, violations, totalsPerCurrency } = await verifyLedger(database.db);
  const report = {
    violations,
    totalsPerCurrency: Object.fromEntries(
      Object.entries(totalsPerCurrency).map(([currency, total]) => [currency, total.toString()]),
    ),
  };
  if (ok) app.log.info(report, 'ledger verified at shutdown');
  else app.log.error(report, 'ledger verification FAILED at shutdown');
  return ok;
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  config.demo
    ? `Lynk Merchant Portal on ${config.publicUrl}: the DEMO (demo users seeded, mail viewer at /dev/mail for this machine only, listening on ${config.host})`
    : `Lynk Merchant Portal on ${config.publicUrl} (production)`,
);
