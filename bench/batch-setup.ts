/**
 * What the batch benchmark and the batch crash script share: their database (embedded in a
 * folder, or a throwaway PostgreSQL server with BENCH_POSTGRES=1), migrated and seeded with the
 * demo, the Kingston staff's bearer tokens, and the figures' section in docs/performance-log.md.
 */
import type { RoleId } from '../packages/contract/src/roles.ts';
import { loadConfig, type Config } from '../apps/api/src/config.ts';
import { openDatabase, type DatabaseHandle } from '../apps/api/src/db/database.ts';
import { prepareDatabase } from '../apps/api/src/scripts/prepare.ts';
import type { Db } from '../apps/api/src/db/transaction.ts';
import type { Secrets } from '../apps/api/src/lib/secrets.ts';
import {
  createDatabase,
  databaseUrl,
  startThrowawayPostgres,
  testDatabaseName,
} from '../apps/api/src/test/postgres-server.ts';
import { KINGSTON, kingstonBearer } from './kingston-bearer.ts';

export interface BenchDatabase {
  config: Config;
  database: DatabaseHandle;
  where: 'embedded' | 'PostgreSQL';
  /** The embedded database's folder, or the PostgreSQL database's URL. */
  dataDir: string;
  databaseUrl: string | undefined;
  stopServer(): Promise<void>;
}

/** The app's settings for a benchmark's database: silent, no rate limit. */
export function benchConfig(dataDir: string, url: string | undefined): Config {
  return loadConfig({
    DATA_DIR: dataDir,
    ...(url ? { DATABASE_URL: url } : {}),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000000',
    // The benchmarks sign in as the demo's users.
    DEMO: 'true',
  });
}

/** Opens (creating, migrating and seeding when new) the benchmark's database. */
export async function openBenchDatabase(dataDir: string, name: string): Promise<BenchDatabase> {
  // BENCH_POSTGRES=1: a throwaway PostgreSQL server (durable settings), seeded from scratch.
  const server = process.env.BENCH_POSTGRES
    ? await startThrowawayPostgres({ durable: true, maxConnections: 50 })
    : undefined;
  let url = process.env.BENCH_DATABASE_URL;
  if (server) {
    const database = testDatabaseName(name);
    await createDatabase(server.serverUrl, database);
    url = databaseUrl(server.serverUrl, database);
  }
  const config = benchConfig(dataDir, url);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir });
  await prepareDatabase(database.db, { demo: true, now: new Date() });
  return {
    config,
    database,
    where: config.databaseUrl ? 'PostgreSQL' : 'embedded',
    dataDir,
    databaseUrl: config.databaseUrl,
    stopServer: async () => {
      // An idle connection the throwaway server ends as it stops (57P01) is no failure.
      process.on('uncaughtException', (error) => {
        if ((error as { code?: string }).code === '57P01') return;
        console.error(error);
        process.exit(1);
      });
      await server?.stop();
    },
  };
}

/** The Kingston manager (uploads, asks for approval) and admin (approves). */
export async function kingstonCallers(db: Db, config: Config, secrets: Secrets) {
  const caller = async (email: string, roleId: RoleId) => ({
    ...(await kingstonBearer({ db, config, secrets }, email, roleId, { stepUp: true })),
    'x-lynk-csrf': '1',
  });
  return {
    manager: await caller('manager.kingston@bluemountain.example', 2),
    admin: await caller('admin.kingston@bluemountain.example', 1),
  };
}

export async function kingstonWallet(db: Db): Promise<number> {
  const row = await db
    .selectFrom('accounts')
    .select('id')
    .where('merchant_id', '=', KINGSTON)
    .where('type', '=', 'LYNK')
    .executeTakeFirstOrThrow();
  return row.id;
}

export { writePerformanceSection } from './performance-doc.ts';
