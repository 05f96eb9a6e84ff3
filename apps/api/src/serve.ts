/** The server (started by server.ts): settings, database, app, listening, and a graceful stop. */
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from './config.ts';
import { claimControlSocket } from './db/control-socket.ts';
import { openDatabase } from './db/database.ts';
import { prepareForStart } from './scripts/prepare.ts';
import { templateFor } from './scripts/database-template.ts';
import { loadSecrets } from './lib/secrets.ts';
import { realClock } from './lib/clock.ts';
import { fileClock } from './lib/test-clock.ts';
import { verifyLedger } from './modules/ledger/index.ts';
import { createOpsServer } from './plugins/ops-server.ts';
import { buildApp } from './app.ts';
import { backupSocketPlugin } from './plugins/backup-socket.ts';

const config = loadConfig();
// The journeys' server runs on the clock they move (TEST_CLOCK_FILE); any other on real time.
const clock = config.testClockFile ? fileClock(config.testClockFile) : realClock;
const secrets = await loadSecrets(config.dataDir);
if (config.sessionSecret) secrets.sessionSecret = config.sessionSecret;
if (config.sessionEncryptionKey) secrets.sessionEncryptionKey = config.sessionEncryptionKey;

// The embedded database's folder has one owner: its control socket, claimed before it opens (ADR 046).
const controlSocket = await claimControlSocket(config);
// A first start with the demo world loads the build's template instead of creating it all.
const template = !config.databaseUrl && config.demo ? await templateFor(config.dataDir) : undefined;
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  ...(template ? { loadDataDir: template } : {}),
});
await prepareForStart(database, { demo: config.demo, now: clock() });

const app = await buildApp({
  config,
  database,
  secrets,
  now: clock,
});
// Backups while running, on the control socket; it closes with the app (ADR 046).
await app.register(backupSocketPlugin, { controlSocket, database });

// A worker answers only the operators (ADR 045); a web instance may have their listener beside.
const ops: FastifyInstance | undefined =
  config.role === 'worker' || config.ops.port !== undefined
    ? await createOpsServer({
        db: database.db,
        isDraining: () => app.isDraining(),
        metrics: app.metrics.registry,
      })
    : undefined;

let closing = false;
/**
 * SIGTERM's graceful stop (ADR 045): readiness turns false at once and every answer closes its
 * connection; after DRAIN_DELAY_SECONDS (the balancer has taken the instance out) the app closes:
 * no new connection, requests in flight answered, notification streams ended (browsers reconnect
 * elsewhere), jobs stopped after their active ones, the ledger's queued batches posted. All of it
 * within SHUTDOWN_TIMEOUT_SECONDS, or the process exits with 1.
 */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal, drainDelayMs: config.drainDelayMs }, 'shutting down: draining');
  const bound = setTimeout(() => {
    app.log.error({ shutdownTimeoutMs: config.shutdownTimeoutMs }, 'drain took too long: exiting');
    process.exit(1);
  }, config.shutdownTimeoutMs);
  bound.unref();
  try {
    app.startDraining();
    if (config.drainDelayMs > 0) await delay(config.drainDelayMs);
    await app.close();
    await ops?.close();
    // Everything has stopped moving money (the rail is stopped, the writers drained).
    const sound = config.verifyLedgerOnShutdown ? await verifyLedgerBeforeExit() : true;
    await database.close();
    app.log.info('stopped');
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

if (config.role === 'worker') {
  await app.ready();
  await ops!.listen({ port: config.port, host: config.host });
  app.log.info(
    `Lynk Merchant Portal worker: jobs and the bank rail; health and metrics on port ${config.port}`,
  );
} else {
  await app.listen({ port: config.port, host: config.host });
  if (ops) await ops.listen({ port: config.ops.port!, host: config.ops.host });
  const role = config.role === 'web' ? ', web instance (jobs run by the workers)' : '';
  app.log.info(
    config.demo
      ? `Lynk Merchant Portal on ${config.publicUrl}: the DEMO (demo users seeded, mail viewer at /dev/mail for this machine only, listening on ${config.host})${role}`
      : `Lynk Merchant Portal on ${config.publicUrl} (production)${role}`,
  );
}
