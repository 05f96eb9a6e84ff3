/**
 * How long the portal waits on `GET /api/session` (every page load asks it) and on the permission
 * matcher (every gate). Prints p50/p99 over many in-process requests against the embedded database.
 * Run: npm run bench
 */
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/database.ts';
import { prepareDatabase } from '../apps/api/src/scripts/prepare.ts';
import { loadSecrets } from '../apps/api/src/lib/secrets.ts';
import { DEMO_PASSWORD } from '../apps/api/src/world/demo-seed.ts';
import { can, GATES, type GateKey } from '../packages/contract/src/permissions.ts';
import { ROLE_PERMISSIONS } from '../packages/contract/src/roles.ts';
import { percentile } from './percentile.ts';

const REQUESTS = 2000;

const database = await openDatabase({ dataDir: 'memory://' });
await prepareDatabase(database.db, { demo: true, now: new Date() });
const config = loadConfig({
  DATA_DIR: 'memory://',
  LOG_LEVEL: 'silent',
  RATE_LIMIT_PER_MINUTE: '1000000',
  DEMO: 'true',
});
const app = await buildApp({
  config,
  database,
  secrets: await loadSecrets('memory://'),
  jobs: false,
  logger: false,
});

// Sign in through the real flow once, then reuse the session cookie.
let cookies = new Map<string, string>();
const keep = (r: { cookies: { name: string; value: string }[] }) =>
  r.cookies.forEach((c) => cookies.set(c.name, c.value));
const header = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
let response = await app.inject({ url: '/auth/login?returnTo=/' });
keep(response);
while (response.statusCode === 303) {
  const next = new URL(String(response.headers.location), config.publicUrl);
  response = await app.inject({ url: next.pathname + next.search, headers: { cookie: header() } });
  keep(response);
}
const action = /action="([^"]+)"/.exec(response.body)![1]!;
response = await app.inject({
  method: 'POST',
  url: action,
  headers: { cookie: header(), 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams({
    // A manager: an admin's sign-in asks for a second factor (ADR 030) before any session.
    email: 'manager.kingston@bluemountain.example',
    password: DEMO_PASSWORD,
  }).toString(),
});
keep(response);
while (response.statusCode === 303) {
  const next = new URL(String(response.headers.location), config.publicUrl);
  response = await app.inject({ url: next.pathname + next.search, headers: { cookie: header() } });
  keep(response);
}
cookies = new Map([...cookies].filter(([k]) => k === 'lynk_session'));

const timings: number[] = [];
for (let i = 0; i < REQUESTS; i++) {
  const start = performance.now();
  const r = await app.inject({ url: '/api/session', headers: { cookie: header() } });
  timings.push(performance.now() - start);
  if (r.statusCode !== 200) throw new Error(`GET /api/session answered ${r.statusCode}`);
}
timings.sort((a, b) => a - b);
console.log(
  `GET /api/session (cookie, embedded DB, ${REQUESTS} requests): p50 ${percentile(timings, 50).toFixed(2)} ms, p99 ${percentile(timings, 99).toFixed(2)} ms`,
);

const keys = Object.keys(GATES) as GateKey[];
const admin = ROLE_PERMISSIONS[1];
const checks = 1_000_000;
const start = performance.now();
let passed = 0;
for (let i = 0; i < checks; i++) if (can(admin, 'Admin', keys[i % keys.length]!)) passed++;
const elapsed = performance.now() - start;
console.log(`permission gates: ${((checks / elapsed) * 1000).toFixed(0)} checks/s (${passed} passed)`);
console.log(`heap used: ${(process.memoryUsage().heapUsed / 1024 / 1024).toFixed(1)} MiB`);

await app.close();
await database.close();
