/**
 * What the batch benchmark and the batch crash script share: their database (embedded in a
 * folder, or a throwaway PostgreSQL server with BENCH_POSTGRES=1), migrated and seeded with the
 * demo, the Kingston staff's bearer tokens, and the figures' section in docs/performance-log.md.
 */
import { importJWK, SignJWT } from 'jose';
import { ROLE_NAMES, ROLE_PERMISSIONS, type RoleId } from '../packages/contract/src/roles.ts';
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

export const KINGSTON = 1001;

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
  await prepareDatabase(database.db, { demo: true });
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

/** Bearer headers for a Kingston staff member, looked up by their demo email. */
async function tokenFor(db: Db, config: Config, secrets: Secrets, email: string, roleId: RoleId) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'display_name'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const token = await new SignJWT({
    user_id: user.id,
    authID: 'bench',
    role: ROLE_NAMES[roleId],
    role_id: roleId,
    displayName: user.display_name,
    email,
    org_id: `org_${KINGSTON}`,
    merchant_id: KINGSTON,
    permissions: [...ROLE_PERMISSIONS[roleId]],
    // Signed in with a code just now: approving is under step-up (ADR 030).
    auth_time: Math.floor(Date.now() / 1000),
    amr: ['pwd', 'otp'],
  })
    .setProtectedHeader({ alg: 'RS256', kid: secrets.signingKey.kid! })
    .setSubject(`bench-${user.id}`)
    .setIssuer(config.oidc.issuer)
    .setAudience(config.oidc.audience)
    .setIssuedAt()
    .setExpirationTime('4h')
    .sign(await importJWK(secrets.signingKey, 'RS256'));
  return { authorization: `Bearer ${token}`, 'x-lynk-csrf': '1' };
}

/** The Kingston manager (uploads, asks for approval) and admin (approves). */
export async function kingstonCallers(db: Db, config: Config, secrets: Secrets) {
  return {
    manager: await tokenFor(db, config, secrets, 'manager.kingston@bluemountain.example', 2),
    admin: await tokenFor(db, config, secrets, 'admin.kingston@bluemountain.example', 1),
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
