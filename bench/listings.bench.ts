/**
 * Transfers history with a million rows: p50/p99 of GET /v2/connected-account-transactions (first
 * page, a deep page, a date filter), in process, on the embedded database.
 * Run: npm run bench:listings
 */
import { readFile, writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/database.ts';
import { prepareDatabase } from '../apps/api/src/scripts/prepare.ts';
import { loadSecrets } from '../apps/api/src/lib/secrets.ts';
import { importJWK, SignJWT } from 'jose';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const REQUESTS = 300;

const database = await openDatabase({ dataDir: 'memory://' });
await prepareDatabase(database.db, { demo: true, now: new Date() });

const loadStart = performance.now();
// History spread over two years, mostly on the Kingston branch (the one we read).
await sql`
  insert into transfers (merchant_id, wallet_account_id, counterpart_account_id, direction, type, status,
    amount, currency, from_label, to_label, jam_dex, created_at, updated_at)
  select 1001, w.id, w.id, 'CASH_OUT', 'CASH OUT', 'COMPLETED', 100 + (g % 5000), 'JMD', 'Main wallet', 'NCB ****4321',
    g % 7 = 0, now() - (g * interval '63 seconds'), now()
  from generate_series(1, ${ROWS}) g, (select id from accounts where account_ref = 'LYNK-1001') w`.execute(
  database.db,
);
await sql`analyze transfers`.execute(database.db);
console.log(`loaded ${ROWS} transfers in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`);

const config = loadConfig({
  DATA_DIR: 'memory://',
  LOG_LEVEL: 'silent',
  RATE_LIMIT_PER_MINUTE: '1000000',
  DEMO: 'true',
});
const secrets = await loadSecrets('memory://');
const app = await buildApp({ config, database, secrets, jobs: false, logger: false });
const token = await new SignJWT({
  user_id: 2,
  authID: 'bench',
  role: 'Admin',
  role_id: 1,
  displayName: 'Bench',
  email: '',
  org_id: 'org_1001',
  merchant_id: 1001,
  permissions: ['read:cashouts', 'read:cashins'],
})
  .setProtectedHeader({ alg: 'RS256', kid: secrets.signingKey.kid! })
  .setSubject('bench')
  .setIssuer(config.oidc.issuer)
  .setAudience(config.oidc.audience)
  .setIssuedAt()
  .setExpirationTime('1h')
  .sign(await importJWK(secrets.signingKey, 'RS256'));

async function measure(name: string, url: string) {
  const timings: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const start = performance.now();
    const response = await app.inject({ url, headers: { authorization: `Bearer ${token}` } });
    timings.push(performance.now() - start);
    if (response.statusCode !== 200)
      throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
  }
  timings.sort((a, b) => a - b);
  const p = (q: number) => timings[Math.min(timings.length - 1, Math.floor(q * timings.length))]!.toFixed(1);
  console.log(`${name}: p50 ${p(0.5)} ms, p99 ${p(0.99)} ms`);
  return `${name}: p50 ${p(0.5)} ms, p99 ${p(0.99)} ms`;
}

const base = '/api/account/v2/connected-account-transactions';
const results = [
  await measure('first page', `${base}?limit=25`),
  await measure('page 400', `${base}?limit=25&offset=10000`),
  await measure('JAM-DEX only', `${base}?limit=25&jam-dex-only=true`),
  await measure('one month', `${base}?limit=25&from_utc=2026-01-01&to_utc=2026-01-31`),
];
await app.close();
await database.close();

const file = new URL('../docs/performance-log.md', import.meta.url);
const doc = await readFile(file, 'utf8');
const row = `| transfers history with ${ROWS.toLocaleString('en-US')} rows (\`npm run bench:listings\`) | ${results.join('; ')} | ${new Date().toISOString().slice(0, 10)} |`;
const updated = doc.includes('| transfers history with')
  ? doc.replace(/^\| transfers history with.*$/m, row)
  : doc.replace(/(\| ledger: transfers.*\n)/, `$1${row}\n`);
await writeFile(file, updated);
