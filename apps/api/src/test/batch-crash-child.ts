/**
 * The server the batch crash test kills: the real app with its jobs, on the database the test
 * names (BATCH_CRASH_TARGET). At start the processing takes up every batch left APPROVED or
 * PROCESSING, as after any crash. Every 50 ms it prints `paid <n>`, the batch's payees committed
 * PAID so far, and once the batch is finished `done <status>`, then stops. It runs until killed.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { loadSecrets } from '../lib/secrets.ts';
import type { BatchCrashTarget } from './batch-crash.ts';

const target = JSON.parse(process.env.BATCH_CRASH_TARGET!) as BatchCrashTarget;
const config = loadConfig({
  DATA_DIR: target.dataDir ?? 'memory://',
  ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
  LOG_LEVEL: 'silent',
  NODE_ENV: 'test',
  DEMO: 'true',
});
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const secrets = await loadSecrets('memory://');
const app = await buildApp({
  config,
  database,
  secrets,
  jobs: true,
  logger: false,
  portalDir: '/nonexistent',
});
await app.ready();

for (;;) {
  const { rows } = await sql<{ status: string; paid: string }>`
    select b.status, (select count(*) from batch_payees p where p.batch_id = b.id and p.status = 'PAID') as paid
      from batch_payments b where b.id = ${target.batchId}`.execute(database.db);
  const [batch] = rows;
  process.stdout.write(`paid ${batch!.paid}\n`);
  if (batch!.status !== 'APPROVED' && batch!.status !== 'PROCESSING') {
    process.stdout.write(`done ${batch!.status}\n`);
    break;
  }
  await sleep(50);
}
await app.close();
await database.close();
