/**
 * The request path as a user's browser meets it: the real server over HTTP, measured with
 * autocannon (BENCH_CONNECTIONS, 10, for BENCH_SECONDS, 10, each), beside a bare Fastify route in a
 * process of its own, the anchor, measured in slices taking turns with each request.
 *
 *   npm run bench:http
 *
 * Starts `apps/api/src/server.ts` as `npm start` does (default logging, the built portal if there
 * is one) on a fresh embedded database in a temporary folder, with the demo; BENCH_ORDERS adds
 * that many orders with the bulk seeder first (`npm run seed`). The per-session rate limit is
 * raised so it does not answer 429 in the middle of a measurement. Signs in through the real
 * sign-in page once, then measures `/healthz`, `/api/session` with the cookie, the transfers
 * listing and the orders listing (first page and a one-month filter). Prints requests/s, p50 and
 * p99, each one's share of the bare route's requests/s, and each server's CPU time per request
 * (from /proc, where there is one); figures go to docs/performance-log.md.
 * BENCH_ONLY=session measures only the targets whose name contains it (and the anchor).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { pinThisProcessAsClient } from './cpu-pinning.ts';
import { writePerformanceSection } from './performance-doc.ts';
import { realServer, signIn, startNode, stopNode, waitUntilReady, freePort } from './real-server.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 0);
const MANAGER = 'manager.kingston@bluemountain.example';

interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** The bare route's requests/s in the slices between this target's. */
  anchorPerSecond?: number;
  /** The server's CPU time (all its threads) per request, µs, where /proc tells it. */
  cpuMicros?: number | undefined;
  /** The bare route's, in the slices between this target's. */
  anchorCpuMicros?: number | undefined;
}

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString()) || 100;
  } catch {
    return 100;
  }
})();

/** A process's CPU seconds so far (user and system, every thread), or undefined without /proc. */
function cpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** Seconds of each slice when a target and the anchor take turns. */
const SLICE_SECONDS = 2;

async function slice(url: string, headers: Record<string, string>, duration: number, pid?: number) {
  const cpuBefore = cpuSeconds(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration, headers });
  const cpuAfter = cpuSeconds(pid);
  return {
    requests: result.requests.total,
    seconds: result.duration,
    cpu: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}

/** Total CPU µs per request of these slices, or undefined when a slice's CPU is unknown. */
function cpuPerRequest(slices: Array<{ requests: number; cpu: number | undefined }>): number | undefined {
  if (slices.length === 0 || slices.some((s) => s.cpu === undefined)) return undefined;
  const requests = slices.reduce((total, s) => total + s.requests, 0);
  return (slices.reduce((total, s) => total + s.cpu!, 0) * 1e6) / requests;
}

/**
 * A target's figures after a short warm-up. With `anchor`, the target and the bare route take
 * turns in slices of SLICE_SECONDS, SECONDS each in all, so that the shared machine slowing down
 * for a while (it swung the anchor from 19k to 30k requests/s between runs) slows both alike; p50
 * is the middle slice's, p99 the worst slice's. Each server's CPU time per request is measured in
 * the same slices: what a request costs the server, which the machine's swings move far less than
 * requests/s.
 */
async function load(
  url: string,
  headers: Record<string, string>,
  pid: number | undefined,
  anchor?: { url: string; pid: number | undefined },
): Promise<Figures> {
  await slice(url, headers, 2, pid);
  const own: Array<Awaited<ReturnType<typeof slice>>> = [];
  const anchors: Array<Awaited<ReturnType<typeof slice>>> = [];
  for (let done = 0; done < SECONDS; done += SLICE_SECONDS) {
    own.push(await slice(url, headers, SLICE_SECONDS, pid));
    if (anchor) anchors.push(await slice(anchor.url, {}, SLICE_SECONDS, anchor.pid));
  }
  const sum = (slices: typeof own, pick: (s: (typeof own)[number]) => number) =>
    slices.reduce((total, s) => total + pick(s), 0);
  const p50s = own.map((s) => s.p50).sort((a, b) => a - b);
  return {
    perSecond: sum(own, (s) => s.requests) / sum(own, (s) => s.seconds),
    p50: p50s[Math.floor(p50s.length / 2)]!,
    p99: Math.max(...own.map((s) => s.p99)),
    non2xx: sum(own, (s) => s.non2xx),
    cpuMicros: cpuPerRequest(own),
    ...(anchor
      ? {
          anchorPerSecond: sum(anchors, (s) => s.requests) / sum(anchors, (s) => s.seconds),
          anchorCpuMicros: cpuPerRequest(anchors),
        }
      : {}),
  };
}

const pinning = pinThisProcessAsClient();
console.log(pinning);
const server = await realServer();
const baseUrl = server.baseUrl;
if (ORDERS > 0) {
  console.log(`seeding ${ORDERS.toLocaleString('en-US')} orders…`);
  const seed = startNode(['apps/api/src/scripts/seed.ts', '--orders', String(ORDERS)], server.env);
  await new Promise((resolve, reject) =>
    seed.on('exit', (code) => (code === 0 ? resolve(null) : reject(new Error(`seed exited ${code}`)))),
  );
}
const barePort = await freePort();
const bare = startNode(['bench/bare-server.ts'], { BARE_PORT: String(barePort) });
const rows: Array<[string, Figures]> = [];
try {
  // BENCH_NODE_ARGS: flags for the server's node (e.g. --cpu-prof to see where its time goes).
  await server.start(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean));
  await waitUntilReady(`http://127.0.0.1:${barePort}/`, bare);
  const signedIn = await signIn(baseUrl, MANAGER);
  // What a browser sends: its cookie, and the encodings it takes (kept answers go out compressed).
  const session = {
    cookie: `${signedIn.name}=${signedIn.value}`,
    'accept-encoding': 'gzip, deflate, br, zstd',
  };
  const accounts = await (
    await fetch(`${baseUrl}/api/account/v1/accounts`, { headers: { cookie: session.cookie } })
  ).json();
  const wallet = (accounts as { result: Array<{ type: string; id: number }> }).result.find(
    (account) => account.type === 'LYNK',
  )!.id;
  const month = 'from_utc=2026-10-01&to_utc=2026-10-31';
  const page = 'offset=0&limit=10&sort=DESC';
  const anchorUrl = `http://127.0.0.1:${barePort}/`;
  const targets: Array<[string, string, Record<string, string>]> = [
    ['bare Fastify route (anchor)', anchorUrl, {}],
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
    console.log(`${name}: ${(await probe.arrayBuffer()).byteLength} bytes of answer (decoded)`);
    const figures =
      url === anchorUrl
        ? await load(url, headers, bare.pid)
        : await load(url, headers, server.pid(), { url: anchorUrl, pid: bare.pid });
    rows.push([name, figures]);
    console.log(
      `${name}: ${figures.perSecond.toFixed(0)} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms` +
        (figures.anchorPerSecond
          ? ` (bare route alongside: ${figures.anchorPerSecond.toFixed(0)} req/s)`
          : '') +
        (figures.cpuMicros === undefined ? '' : `, ${figures.cpuMicros.toFixed(0)} µs of CPU a request`) +
        (figures.non2xx ? `, ${figures.non2xx} not 2xx` : ''),
    );
  }
} finally {
  await Promise.all([server.stop(), stopNode(bare)]);
}

// A partial run (BENCH_ONLY) is for looking into one request, not for the record.
if (process.env.BENCH_ONLY) process.exit(0);
const table = [
  '| Request | Requests/s | p50 ms | p99 ms | Bare route alongside, requests/s | Share of the bare route | CPU µs a request | Bare route alongside, CPU µs | Share by CPU |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ...rows.map(([name, f]) => {
    const anchor = f.anchorPerSecond ?? f.perSecond;
    const cpu = f.cpuMicros;
    const anchorCpu = f.anchorCpuMicros ?? f.cpuMicros;
    const cpuColumns =
      cpu === undefined || anchorCpu === undefined
        ? '– | – | –'
        : `${cpu.toFixed(0)} | ${anchorCpu.toFixed(0)} | ${((anchorCpu / cpu) * 100).toFixed(1)} %`;
    return `| ${name} | ${f.perSecond.toFixed(0)} | ${f.p50} | ${f.p99} | ${anchor.toFixed(0)} | ${((f.perSecond / anchor) * 100).toFixed(1)} % | ${cpuColumns} |`;
  }),
].join('\n');
const date = new Date().toISOString().slice(0, 10);
const orders =
  ORDERS > 0 ? `${ORDERS.toLocaleString('en-US')} bulk orders added to the demo` : 'the demo data';
const section = `HTTP request path (\`npm run bench:http\`, ${date}): the real server (\`apps/api/src/server.ts\`, default logging, embedded database, ${orders}) and a bare Fastify route in a process of its own, each loaded by autocannon with ${CONNECTIONS} connections after a 2 s warm-up; each request for ${SECONDS} s in ${SLICE_SECONDS}-second slices taking turns with the bare route (${SECONDS} s too), and its share is of the bare route in those slices; a manager's session cookie from the real sign-in, and a browser's \`Accept-Encoding\`; ${pinning}. CPU µs a request: each server process's CPU time (every thread, from /proc) over the requests of the same slices; the share by CPU is the bare route's over this one's.\n\n${table}`;
console.log(`\n${table}`);
await writePerformanceSection('http-bench', section);
process.exit(0);
