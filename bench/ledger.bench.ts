/**
 * The ledger engine's throughput and latency, with pgbench TPC-B on the same server as the anchor.
 *
 *   npm run bench:ledger
 *
 * Starts a throwaway PostgreSQL (durable: fsync and synchronous_commit on) unless
 * BENCH_DATABASE_URL names a server, runs pgbench TPC-B (-c 8 -j 2), then transfers through the
 * real transfer service (idempotency keys included) with 1, 8 and 32 callers on one hot wallet and
 * spread over 100 wallets, then TPC-B again; then the same on the embedded database. The ledger
 * verification runs after every scenario. Figures go to docs/performance-log.md.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { format } from 'prettier';
import type { CreateTransfer } from '../packages/contract/src/transfers.ts';
import { ROLE_PERMISSIONS } from '../packages/contract/src/roles.ts';
import { openDatabase, type DatabaseHandle } from '../apps/api/src/db/database.ts';
import { prepareDatabase } from '../apps/api/src/scripts/prepare.ts';
import { createTransfer } from '../apps/api/src/modules/account/transfer-service.ts';
import { createLedger } from '../apps/api/src/modules/ledger/ledger.ts';
import { setLimit } from '../apps/api/src/modules/ledger/limits.ts';
import { postEntry, verifyLedger } from '../apps/api/src/modules/ledger/service.ts';
import {
  createDatabase,
  databaseUrl,
  dropDatabase,
  startThrowawayPostgres,
  testDatabaseName,
} from '../apps/api/src/test/postgres-server.ts';
import { percentile } from './percentile.ts';

const run = promisify(execFile);
const SECONDS_PER_SCENARIO = Number(process.env.BENCH_SECONDS ?? 8);
const PGBENCH_SECONDS = Number(process.env.BENCH_PGBENCH_SECONDS ?? 10);

interface Scenario {
  callers: number;
  wallets: number;
}
interface Result extends Scenario {
  perSecond: number;
  transfers: number;
  p50: number;
  p99: number;
}

/** Merchants with a funded main wallet, a JAM-DEX wallet and a bank account each. */
async function createMerchants(database: DatabaseHandle, count: number) {
  const { db } = database;
  const ledger = createLedger(db);
  const merchants = [];
  for (let i = 0; i < count; i++) {
    const id = 9000 + i;
    await db
      .insertInto('organizations')
      .values({ id: `org_${id}`, name: `Bench ${id}` })
      .execute();
    await db
      .insertInto('merchants')
      .values({ id, organization_id: `org_${id}`, name: `Bench ${id}`, username: `bench${id}`, qr_code: '' })
      .execute();
    const account = async (type: 'LYNK' | 'CBDC' | 'BANK_ACCOUNT', currency: 'JMD' | 'JAM-DEX') =>
      (
        await db
          .insertInto('accounts')
          .values({
            merchant_id: id,
            type,
            currency,
            account_ref: `BENCH-${type}-${id}`,
            label: `${type} ${id}`,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const wallet = await account('LYNK', 'JMD');
    const cbdc = await account('CBDC', 'JAM-DEX');
    const bank = await account('BANK_ACCOUNT', 'JMD');
    await setLimit(db, wallet, 'ACH_CASHOUT', 10n ** 15n);
    // Plenty in both wallets, from outside (the settlement accounts), so no transfer is refused.
    for (const [settlement, to, currency] of [
      ['bankSettlement', wallet, 'JMD'],
      ['cbdcSettlementJamDex', cbdc, 'JAM-DEX'],
    ] as const) {
      await postEntry(ledger, {
        kind: 'OPENING_BALANCE',
        merchantId: id,
        createdAt: new Date(),
        postings: [
          { accountId: await ledger.internalAccount(settlement, id), currency, amount: -(10n ** 12n) },
          { accountId: to, currency, amount: 10n ** 12n },
        ],
      });
    }
    merchants.push({ id, wallet, cbdc, bank });
  }
  return merchants;
}

/** A third each of bank cash-outs, cash-outs to JAM-DEX and cash-ins from JAM-DEX: wallets stay funded. */
function transferBody(i: number, m: { cbdc: number; bank: number }): CreateTransfer {
  if (i % 3 === 0)
    return { transfer_type: 'CASH_OUT', account_type: 'BANK_ACCOUNT', account_id: m.bank, amount: 100 };
  return {
    transfer_type: i % 3 === 1 ? 'CASH_OUT' : 'CASH_IN',
    account_type: 'CBDC',
    account_id: m.cbdc,
    amount: 100,
  };
}

async function scenario(database: DatabaseHandle, { callers, wallets }: Scenario): Promise<Result> {
  await prepareDatabase(database.db, { demo: false, now: new Date() });
  const merchants = await createMerchants(database, wallets);
  const ledger = createLedger(database.db, {
    writers: database.ledger.writers,
    writerDb: database.ledger.db,
  });
  const latencies: number[] = [];
  let issued = 0;
  const deadline = performance.now() + SECONDS_PER_SCENARIO * 1000;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: callers }, async (_, c) => {
      while (performance.now() < deadline) {
        const i = issued++;
        const merchant = merchants[(c + i) % merchants.length]!;
        const identity = {
          id: '1',
          authID: 'bench',
          role: 'Admin',
          role_id: 1,
          displayName: 'Bench',
          email: '',
          org_id: `org_${merchant.id}`,
          merchant_id: merchant.id,
          permissions: [...ROLE_PERMISSIONS[1]],
        };
        const began = performance.now();
        const outcome = await createTransfer(
          ledger,
          { identity, ip: '127.0.0.1', railStepSeconds: null, now: new Date() },
          merchant.wallet,
          transferBody(i, merchant),
          {
            scope: `${merchant.id}:1:POST /bench`,
            key: `bench-${i}-${randomBytes(4).toString('hex')}`,
            requestHash: 'bench',
            expiresAt: new Date(Date.now() + 86_400_000),
          },
        );
        latencies.push(performance.now() - began);
        if (outcome.outcome !== 'accepted') throw new Error(`transfer ${i} was ${outcome.outcome}`);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  await ledger.drain();
  const verification = await verifyLedger(database.db);
  if (!verification.ok)
    throw new Error(`ledger verification failed: ${JSON.stringify(verification.violations)}`);
  latencies.sort((a, b) => a - b);
  return {
    callers,
    wallets,
    transfers: latencies.length,
    perSecond: Math.round(latencies.length / seconds),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

async function startServer() {
  if (process.env.BENCH_DATABASE_URL)
    return { url: process.env.BENCH_DATABASE_URL, stop: async () => undefined };
  // Durable, as in production: fsync and synchronous_commit stay on (ADR 020).
  const server = await startThrowawayPostgres({ durable: true, maxConnections: 200 });
  return { url: server.serverUrl, stop: server.stop };
}

async function pgbench(serverUrl: string, name: string): Promise<number> {
  const url = databaseUrl(serverUrl, name);
  const { stdout } = await run('pgbench', ['-n', '-c', '8', '-j', '2', '-T', String(PGBENCH_SECONDS), url]);
  const tps = /tps = ([\d.]+)/.exec(stdout);
  if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`);
  return Math.round(Number(tps[1]));
}

const ALL_SCENARIOS: Scenario[] = [
  { callers: 1, wallets: 1 },
  { callers: 8, wallets: 1 },
  { callers: 32, wallets: 1 },
  { callers: 8, wallets: 100 },
  { callers: 32, wallets: 100 },
];
const SCENARIOS = process.env.BENCH_SPREAD_ONLY ? ALL_SCENARIOS.filter((s) => s.wallets > 1) : ALL_SCENARIOS;
const EMBEDDED_SCENARIOS: Scenario[] = [
  { callers: 1, wallets: 1 },
  { callers: 8, wallets: 1 },
];

// BENCH_ONLY=embedded or BENCH_ONLY=postgres runs one half (the figures file is left alone).
const only = process.env.BENCH_ONLY;
if (only === 'embedded') {
  for (const s of EMBEDDED_SCENARIOS) {
    const database = await openDatabase({ dataDir: 'memory://' });
    console.log(describe(await scenario(database, s), 'embedded'));
    await database.close();
  }
  process.exit(0);
}

const embedded: Result[] = [];
for (const s of EMBEDDED_SCENARIOS) {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    const result = await scenario(database, s);
    embedded.push(result);
    console.log(describe(result, 'embedded'));
  } finally {
    await database.close();
  }
}

const server = await startServer();
const pgbenchDb = testDatabaseName('lynk_tpcb');
await createDatabase(server.url, pgbenchDb);
await run('pgbench', ['-i', '-q', '-s', '10', databaseUrl(server.url, pgbenchDb)]);
const version = await (async () => {
  const handle = await openDatabase({
    databaseUrl: databaseUrl(server.url, pgbenchDb),
    dataDir: 'memory://',
  });
  const row = await handle.pool.query<{ server_version: string }>('SHOW server_version');
  await handle.close();
  return row.rows[0]!.server_version;
})();

const tpcbBefore = await pgbench(server.url, pgbenchDb);
console.log(`pgbench TPC-B before: ${tpcbBefore} tps`);
const postgres: Result[] = [];
for (const s of SCENARIOS) {
  const name = testDatabaseName('lynk_bench');
  await createDatabase(server.url, name);
  const database = await openDatabase({ databaseUrl: databaseUrl(server.url, name), dataDir: 'memory://' });
  try {
    const result = await scenario(database, s);
    postgres.push(result);
    console.log(describe(result, 'PostgreSQL'));
  } finally {
    await database.close();
    await dropDatabase(server.url, name);
  }
}
const tpcbAfter = await pgbench(server.url, pgbenchDb);
console.log(`pgbench TPC-B after: ${tpcbAfter} tps`);
await dropDatabase(server.url, pgbenchDb);
await server.stop();

function describe(r: Result, where: string) {
  return `${where}: ${r.callers} caller(s), ${r.wallets === 1 ? 'one hot wallet' : `${r.wallets} wallets`}: ${r.perSecond} transfers/s (${r.transfers} in ${SECONDS_PER_SCENARIO} s), p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms`;
}

const tpcb = Math.min(tpcbBefore, tpcbAfter);
const hot8 = postgres.find((r) => r.callers === 8 && r.wallets === 1)!;
console.log(
  `PostgreSQL ${version}; 8 callers on one hot wallet = ${Math.round((100 * hot8.perSecond) / tpcb)} % of TPC-B`,
);

const row = (r: Result, where: string) =>
  `| ${where} | ${r.callers} | ${r.wallets === 1 ? 'one (hot)' : r.wallets} | ${r.perSecond} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} |`;
const section = [
  '<!-- ledger-bench:start -->',
  `Ledger engine (\`npm run bench:ledger\`, ${new Date().toISOString().slice(0, 10)}): transfers through the transfer service with idempotency keys, ${SECONDS_PER_SCENARIO} s per scenario, ledger verified after each. PostgreSQL ${version}, durable (fsync and synchronous_commit on); pgbench TPC-B (\`-c 8 -j 2\`, scale 10) on the same server: ${tpcbBefore} tps before, ${tpcbAfter} after; 8 callers on one hot wallet = ${Math.round((100 * hot8.perSecond) / tpcb)} % of the lower.`,
  '',
  '| Database | Callers | Wallets | Transfers/s | p50 ms | p99 ms |',
  '| --- | --- | --- | --- | --- | --- |',
  ...postgres.map((r) => row(r, 'PostgreSQL')),
  ...embedded.map((r) => row(r, 'embedded')),
  '<!-- ledger-bench:end -->',
].join('\n');
const file = new URL('../docs/performance-log.md', import.meta.url);
const doc = await readFile(file, 'utf8');
const marked = /<!-- ledger-bench:start -->[\s\S]*<!-- ledger-bench:end -->/;
const updated = marked.test(doc) ? doc.replace(marked, section) : `${doc.trimEnd()}\n\n${section}\n`;
// The figures file is formatted like every other file (CI checks it).
await writeFile(file, await format(updated, { filepath: fileURLToPath(file) }));
