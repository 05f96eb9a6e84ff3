/**
 * The request path as a user's browser meets it: the real server over HTTP, measured with
 * autocannon (BENCH_CONNECTIONS, 10, for BENCH_SECONDS, 10, each), beside a bare Fastify route in a
 * process of its own, the anchor, in the same run.
 *
 *   npm run bench:http
 *
 * Starts `apps/api/src/server.ts` as `npm start` does (default logging, the built portal if there
 * is one) on a fresh embedded database in a temporary folder, with the demo; BENCH_ORDERS adds
 * that many orders with the bulk seeder first (`npm run seed`). The per-session rate limit is
 * raised so it does not answer 429 in the middle of a measurement. Signs in through the real
 * sign-in page once, then measures `/healthz`, `/api/session` with the cookie, the transfers
 * listing and the orders listing (first page and a one-month filter). Prints requests/s, p50 and
 * p99, and each one's share of the bare route's requests/s; figures go to docs/performance.md.
 * BENCH_ONLY=session measures only the targets whose name contains it (and the anchor).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { format } from 'prettier';

const root = fileURLToPath(new URL('..', import.meta.url));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 0);
const DEMO_PASSWORD = 'LynkDemo!2026';
const MANAGER = 'manager.kingston@bluemountain.example';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

function start(args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
  child.on('exit', (code) => {
    if (code !== null && code !== 0 && !stopping) console.error(`${args.join(' ')} exited with ${code}`);
  });
  return child;
}

async function ready(url: string, child: ChildProcess) {
  for (const deadline = Date.now() + 300_000; Date.now() < deadline;) {
    if (child.exitCode !== null) throw new Error(`${url} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} never became ready`);
}

/** Follows the real sign-in over HTTP (authorization request, the form, the callback): the cookie. */
async function signIn(baseUrl: string, email: string): Promise<string> {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  };
  const follow = async (first: Response) => {
    let response = first;
    while (response.status >= 300 && response.status < 400) {
      const next = new URL(response.headers.get('location')!, baseUrl);
      response = await fetch(next, { redirect: 'manual', headers: { cookie: cookie() } });
      keep(response);
    }
    return response;
  };
  const first = await fetch(`${baseUrl}/auth/login?returnTo=/`, { redirect: 'manual' });
  keep(first);
  const form = await follow(first);
  const action = /action="([^"]+)"/.exec(await form.text())?.[1];
  if (!action) throw new Error('No sign-in form');
  const posted = await fetch(new URL(action.replaceAll('&amp;', '&'), baseUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password: DEMO_PASSWORD }).toString(),
  });
  keep(posted);
  await follow(posted);
  const session = [...jar].find(([name]) => name === 'lynk_session');
  if (!session) throw new Error('Signing in gave no session cookie');
  return `${session[0]}=${session[1]}`;
}

interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function load(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  // A short warm-up, then the measurement.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  return {
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}

let stopping = false;
const dataDir = await mkdtemp(path.join(tmpdir(), 'lynk-bench-http-'));
const [apiPort, barePort] = [await freePort(), await freePort()];
const baseUrl = `http://localhost:${apiPort}`;
const serverEnv = {
  PORT: String(apiPort),
  HOST: '127.0.0.1',
  PUBLIC_URL: baseUrl,
  DATA_DIR: dataDir,
  NODE_ENV: 'production',
  RATE_LIMIT_PER_MINUTE: '1000000000',
  RATE_LIMIT_BEARER_PER_MINUTE: '1000000000',
};
if (ORDERS > 0) {
  console.log(`seeding ${ORDERS.toLocaleString('en-US')} orders…`);
  const seed = start(['apps/api/src/seed.ts', '--orders', String(ORDERS)], serverEnv);
  await new Promise((resolve, reject) =>
    seed.on('exit', (code) => (code === 0 ? resolve(null) : reject(new Error(`seed exited ${code}`)))),
  );
}
// BENCH_NODE_ARGS: flags for the server's node (e.g. --cpu-prof to see where its time goes).
const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
const api = start([...nodeArgs, 'apps/api/src/server.ts'], serverEnv);
const bare = start(['bench/bare-server.ts'], { BARE_PORT: String(barePort) });
const rows: Array<[string, Figures]> = [];
try {
  await ready(`${baseUrl}/readyz`, api);
  await ready(`http://127.0.0.1:${barePort}/`, bare);
  const cookie = await signIn(baseUrl, MANAGER);
  const session = { cookie };
  const accounts = await (await fetch(`${baseUrl}/api/account/v1/accounts`, { headers: session })).json();
  const wallet = (accounts as { result: Array<{ type: string; id: number }> }).result.find(
    (account) => account.type === 'LYNK',
  )!.id;
  const month = 'from_utc=2026-10-01&to_utc=2026-10-31';
  const page = 'offset=0&limit=10&sort=DESC';
  const targets: Array<[string, string, Record<string, string>]> = [
    ['bare Fastify route (anchor)', `http://127.0.0.1:${barePort}/`, {}],
    ['GET /healthz', `${baseUrl}/healthz`, {}],
    ['GET /api/session (cookie)', `${baseUrl}/api/session`, session],
    [
      'transfers listing, first page',
      `${baseUrl}/api/account/v2/connected-account-transactions?${page}&account_id=${wallet}`,
      session,
    ],
    ['orders listing, first page', `${baseUrl}/api/payment/customer-transactions?${page}`, session],
    ['orders listing, one month', `${baseUrl}/api/payment/customer-transactions?${page}&${month}`, session],
  ];
  const only = process.env.BENCH_ONLY;
  for (const [name, url, headers] of targets.filter(([n], i) => i === 0 || !only || n.includes(only))) {
    const probe = await fetch(url, { headers });
    if (!probe.ok) throw new Error(`${name}: ${probe.status} ${(await probe.text()).slice(0, 200)}`);
    const figures = await load(url, headers);
    rows.push([name, figures]);
    console.log(
      `${name}: ${figures.perSecond.toFixed(0)} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms` +
        (figures.non2xx ? `, ${figures.non2xx} not 2xx` : ''),
    );
  }
} finally {
  stopping = true;
  const exited = new Promise((resolve) => api.once('exit', resolve));
  api.kill('SIGTERM');
  bare.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
  await rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
}

// A partial run (BENCH_ONLY) is for looking into one request, not for the record.
if (process.env.BENCH_ONLY) process.exit(0);
const anchor = rows[0]![1].perSecond;
const table = [
  '| Request | Requests/s | p50 ms | p99 ms | Share of the bare route |',
  '| --- | --- | --- | --- | --- |',
  ...rows.map(
    ([name, f]) =>
      `| ${name} | ${f.perSecond.toFixed(0)} | ${f.p50} | ${f.p99} | ${((f.perSecond / anchor) * 100).toFixed(1)} % |`,
  ),
].join('\n');
const date = new Date().toISOString().slice(0, 10);
const orders =
  ORDERS > 0 ? `${ORDERS.toLocaleString('en-US')} bulk orders added to the demo` : 'the demo data';
const section = `HTTP request path (\`npm run bench:http\`, ${date}): the real server (\`apps/api/src/server.ts\`, default logging, embedded database, ${orders}) and a bare Fastify route in a process of its own, each loaded by autocannon with ${CONNECTIONS} connections for ${SECONDS} s after a 2 s warm-up, one after the other; a manager's session cookie from the real sign-in.\n\n${table}`;
console.log(`\n${table}`);
const docs = path.join(root, 'docs/performance.md');
const text = await readFile(docs, 'utf8');
const [open, close] = ['<!-- http-bench:start -->', '<!-- http-bench:end -->'];
const body = `${open}\n\n${section}\n${close}`;
const next = text.includes(open)
  ? text.replace(new RegExp(`${open}[\\s\\S]*?${close}`), body)
  : `${text.trimEnd()}\n\n${body}\n`;
await writeFile(docs, await format(next, { parser: 'markdown', filepath: docs }));
process.exit(0);
