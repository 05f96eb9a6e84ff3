/**
 * Sustained transfers per second through the real transfer service, then the ledger invariants.
 * Prints the figure and records it in docs/performance.md.
 *
 *   npm run bench:ledger                                   embedded database (one connection)
 *   BENCH_DATABASE_URL=postgres://… npm run bench:ledger   a PostgreSQL server: a throwaway
 *     database, BENCH_CONCURRENCY (8) callers at once on one hot wallet
 */
import { readFile, writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { createTransfer } from '../apps/api/src/modules/account/transfer-service.ts';
import { openDatabase } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { ensureInternalAccounts } from '../apps/api/src/modules/ledger/internal-accounts.ts';
import { ledgerInvariants } from '../apps/api/src/modules/ledger/service.ts';
import { setLimit } from '../apps/api/src/modules/ledger/limits.ts';
import {
  createDatabase,
  databaseUrl,
  dropDatabase,
  testDatabaseName,
} from '../apps/api/src/test/postgres-server.ts';
import { seedDemo, seedRoles } from '../apps/api/src/world/demo-seed.ts';
import { ROLE_PERMISSIONS } from '../packages/contract/src/roles.ts';

const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 3000);
const serverUrl = process.env.BENCH_DATABASE_URL;
const CONCURRENCY = serverUrl ? Number(process.env.BENCH_CONCURRENCY ?? 8) : 1;

// On PostgreSQL, a throwaway database of the bench's own.
const throwaway = serverUrl ? { serverUrl, name: testDatabaseName('lynk_bench') } : null;
if (throwaway) await createDatabase(throwaway.serverUrl, throwaway.name);
const database = await openDatabase({
  databaseUrl: throwaway ? databaseUrl(throwaway.serverUrl, throwaway.name) : undefined,
  dataDir: 'memory://',
});
await migrateToLatest(database.db as never);
await seedRoles(database.db);
await ensureInternalAccounts(database.db);
await seedDemo(database.db);
const db = database.db;

const accounts = await db
  .selectFrom('accounts')
  .select(['id', 'type', 'account_ref'])
  .where('merchant_id', '=', 1001)
  .execute();
const wallet = accounts.find((a) => a.type === 'LYNK')!.id;
const cbdc = accounts.find((a) => a.type === 'CBDC')!.id;
const bank = accounts.find((a) => a.account_ref === 'BANK-1001-1')!.id;
await setLimit(db, wallet, 'ACH_CASHOUT', 10n ** 15n);
const identity = {
  id: '2',
  authID: 'bench',
  role: 'Admin',
  role_id: 1,
  displayName: 'Bench',
  email: '',
  org_id: 'org_1001',
  merchant_id: 1001,
  permissions: [...ROLE_PERMISSIONS[1]],
};

/** A third each of bank cash-outs, cash-outs to JAM-DEX and cash-ins from JAM-DEX: the wallet stays funded. */
function transferBody(i: number) {
  return i % 3 === 0
    ? ({ transfer_type: 'CASH_OUT', account_type: 'BANK_ACCOUNT', account_id: bank, amount: 100 } as const)
    : ({
        transfer_type: i % 3 === 1 ? 'CASH_OUT' : 'CASH_IN',
        account_type: 'CBDC',
        account_id: cbdc,
        amount: 100,
      } as const);
}

let next = 0;
async function caller() {
  for (let i = next++; i < TRANSFERS; i = next++) {
    await createTransfer(db, { identity, ip: '127.0.0.1', rail: null }, wallet, transferBody(i));
  }
}

const start = performance.now();
await Promise.all(Array.from({ length: CONCURRENCY }, caller));
const seconds = (performance.now() - start) / 1000;
const perSecond = Math.round(TRANSFERS / seconds);
const invariants = await ledgerInvariants(db);
const ok =
  invariants.unbalancedEntries === 0 &&
  invariants.balancesNotMatchingPostings === 0 &&
  invariants.negativeWallets === 0;
const where = serverUrl
  ? `PostgreSQL ${(await database.pool.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version}, ${CONCURRENCY} concurrent callers on one wallet`
  : 'embedded database, one process';
console.log(
  `ledger: ${TRANSFERS} transfers in ${seconds.toFixed(1)} s = ${perSecond} transfers/s (${where})`,
);
console.log(
  `invariants: ${ok ? 'hold' : 'BROKEN'} ${JSON.stringify(invariants, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))}`,
);
await database.close();
if (throwaway) await dropDatabase(throwaway.serverUrl, throwaway.name);

const file = new URL('../docs/performance.md', import.meta.url);
const doc = await readFile(file, 'utf8');
const label = serverUrl ? 'ledger on PostgreSQL' : 'ledger';
const row = `| ${label}: transfers through the service, invariants checked after (\`npm run bench:ledger\`) | ${perSecond} transfers/s (${TRANSFERS} transfers; ${where}) | ${new Date().toISOString().slice(0, 10)} |`;
const existing = new RegExp(`^\\| ${label}: transfers.*$`, 'm');
const updated = existing.test(doc)
  ? doc.replace(existing, row)
  : doc.replace(/(\| ledger: transfers.*\n)/, `$1${row}\n`);
await writeFile(file, updated);
if (!ok) process.exit(1);
