import path from 'node:path';
import { tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { importJWK, SignJWT } from 'jose';
import { ROLE_NAMES, ROLE_PERMISSIONS } from '../packages/contract/src/roles.ts';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/database.ts';
import { loadSecrets } from '../apps/api/src/lib/secrets.ts';

const DATA_DIR = path.join(tmpdir(), 'lynk-bench-orders');
const config = loadConfig({ DATA_DIR, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '100000000', RATE_LIMIT_BEARER_PER_MINUTE: '100000000' });
const database = await openDatabase({ dataDir: DATA_DIR });
const secrets = await loadSecrets('memory://');
const app = await buildApp({ config, database, secrets, jobs: false, logger: false });
await app.ready();
const user = await database.db.selectFrom('users').select(['id', 'display_name']).where('email', '=', 'manager.kingston@bluemountain.example').executeTakeFirstOrThrow();
const token = await new SignJWT({ user_id: user.id, authID: 'bench', role: ROLE_NAMES[2], role_id: 2, displayName: user.display_name, email: 'manager.kingston@bluemountain.example', org_id: 'org_1001', merchant_id: 1001, permissions: [...ROLE_PERMISSIONS[2]] })
  .setProtectedHeader({ alg: 'RS256', kid: secrets.signingKey.kid! }).setSubject('bench').setIssuer(config.oidc.issuer).setAudience(config.oidc.audience).setIssuedAt().setExpirationTime('2h').sign(await importJWK(secrets.signingKey, 'RS256'));
const url = process.argv[2] ?? '/api/payment/customer-transactions?limit=25';
const req = { method: 'GET' as const, url, headers: { authorization: `Bearer ${token}` } };
if (process.env.HEADERS) { console.log((await app.inject(req)).headers); process.exit(0); }
const C = Number(process.env.C ?? 1);
let seen = 0;
const dog = setInterval(() => console.log("progress", seen), 1000);
dog.unref();
for (let round = 0; round < 4; round++) {
  let n = 0;
  const start = performance.now();
  await Promise.all(Array.from({ length: C }, async () => {
    while (performance.now() - start < 1000) {
      const r = await app.inject(req);
      seen++;
      if (r.statusCode !== 200) throw new Error(r.body);
      if (++n % 64 === 0) await new Promise((res) => setImmediate(res));
    }
  }));
  console.log(`round ${round}: ${n}/s`);
}
process.exit(0);
