import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { openDatabase } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { ensureInternalAccounts } from '../apps/api/src/modules/ledger/internal-accounts.ts';
import { createLedger } from '../apps/api/src/modules/ledger/ledger.ts';
import { callPostBatch } from '../apps/api/src/modules/ledger/engine-repository.ts';
import { seedDemo, seedRoles } from '../apps/api/src/world/demo-seed.ts';
import { findMerchantAccounts } from '../apps/api/src/modules/account/repository.ts';

const url = process.env.URL;
const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
const db = database.db;
await migrateToLatest(db as never);
await seedRoles(db); await ensureInternalAccounts(db); await seedDemo(db);
const ledger = createLedger(db);
const wallet = (await db.selectFrom('accounts').select('id').where('merchant_id','=',1001).where('type','=','LYNK').executeTakeFirstOrThrow()).id;
const cbdc = (await db.selectFrom('accounts').select('id').where('merchant_id','=',1001).where('type','=','CBDC').executeTakeFirstOrThrow()).id;
const s1 = await ledger.internalAccount('cbdcSettlementJmd', 1001);
const s2 = await ledger.internalAccount('cbdcSettlementJamDex', 1001);
const N = 1000;
let t = performance.now();
for (let i = 0; i < N; i++) await findMerchantAccounts(db, 1001, [wallet, cbdc]);
console.log('read', ((performance.now() - t) / N).toFixed(3), 'ms');
t = performance.now();
for (let i = 0; i < N; i++) await sql`select 1`.execute(db);
console.log('select 1', ((performance.now() - t) / N).toFixed(3), 'ms');
const req = (i: number, n = 1) => ({ merchantId: 1001, entry: { kind: 'X', description: '', createdAt: new Date(), postings: [
  { accountId: wallet, currency: 'JMD' as const, amount: -1n }, { accountId: s1, currency: 'JMD' as const, amount: 1n },
  { accountId: cbdc, currency: 'JAM-DEX' as const, amount: 1n }, { accountId: s2, currency: 'JAM-DEX' as const, amount: -1n }] },
  idempotency: { scope: 'p', key: `k-${i}-${n}-${Math.random()}`, requestHash: 'h', expiresAt: new Date(Date.now()+1e6) },
  response: { statusCode: 201, body: { data: { transfer_id: '', a: 1 } }, transferIdPath: ['data', 'transfer_id'] },
  audit: { actorUserId: 1, organizationId: 'org_1001', action: 'x', details: { a: 1 } },
  refusals: { INSUFFICIENT_FUNDS: { statusCode: 422, body: {} } } });
for (const size of [1, 8, 32, 128]) {
  t = performance.now();
  const rounds = Math.ceil(2000 / size);
  for (let r = 0; r < rounds; r++) await callPostBatch(db, Array.from({ length: size }, (_, i) => req(r * size + i, size)));
  const ms = performance.now() - t;
  console.log(`batch ${size}: ${(ms / rounds).toFixed(2)} ms per batch, ${(ms / rounds / size).toFixed(3)} ms per request, ${Math.round(rounds * size / ms * 1000)}/s`);
}
await database.close();
