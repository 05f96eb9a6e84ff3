/**
 * The real product for the HTTP and page benchmarks: `apps/api/src/server.ts` started as
 * `npm start` does (default logging, the built portal) on a fresh embedded database with the demo,
 * and a staff member's session cookie from the real sign-in.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../apps/api/src/heap-budget.ts';
import { onServerCpus } from './cpu-pinning.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const DEMO_PASSWORD = 'LynkDemo!2026';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * A node process of the repository's (`args` after node's own), its output discarded; on the
 * servers' cores when a load generator has pinned itself apart (cpu-pinning.ts).
 */
export function startNode(args: string[], env: Record<string, string>): ChildProcess {
  const [command, commandArgs] = onServerCpus(process.execPath, args);
  return spawn(command, commandArgs, { cwd: root, env: { ...process.env, ...env }, stdio: 'ignore' });
}

/** Polls `url` every `pollMs` until it answers 2xx; throws if `child` exits first or 5 minutes pass. */
export async function waitUntilReady(url: string, child: ChildProcess, pollMs = 250) {
  for (const deadline = Date.now() + 300_000; Date.now() < deadline;) {
    if (child.exitCode !== null) throw new Error(`${url} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  throw new Error(`${url} never became ready`);
}

/** Stops a process and waits (at most 20 s) until it has exited, so what it writes on exit is written. */
export async function stopNode(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
}

export interface RealServer {
  baseUrl: string;
  env: Record<string, string>;
  /** Starts the server (after whatever the caller did with `env`, such as seeding). */
  start(nodeArgs?: string[]): Promise<void>;
  stop(): Promise<void>;
  /** The server's process id once started (for its CPU time). */
  pid(): number | undefined;
}

/** The server's settings on a fresh folder, rate limits raised so a benchmark never meets a 429. */
export async function realServer(): Promise<RealServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lynk-bench-'));
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    // The demo world (its users sign in, its orders are listed); nothing else differs from production.
    DEMO: 'true',
    RATE_LIMIT_PER_MINUTE: '1000000000',
    RATE_LIMIT_BEARER_PER_MINUTE: '1000000000',
  };
  let child: ChildProcess | undefined;
  return {
    baseUrl,
    env,
    async start(nodeArgs = []) {
      child = startNode([...SERVER_NODE_FLAGS, ...nodeArgs, 'apps/api/src/server.ts'], env);
      await waitUntilReady(`${baseUrl}/readyz`, child);
    },
    async stop() {
      if (child) await stopNode(child);
      await rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
    },
    pid: () => child?.pid,
  };
}

export interface SignInOptions {
  /** Answers the code step of those who have one (the demo's admins). */
  secondFactor?: () => string;
  /** Sees every answer on the way (the fleet benchmark reads which instance gave it). */
  observe?: (response: Response) => void;
  /** Sent with every request (the fleet benchmark's client address, for a balancer trusted to tell it). */
  headers?: Record<string, string>;
}

/** Follows the real sign-in over HTTP (authorization request, the form, the callback): the cookie. */
export async function signIn(
  baseUrl: string,
  email: string,
  { secondFactor, observe, headers = {} }: SignInOptions = {},
): Promise<{ name: string; value: string }> {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const keep = (response: Response) => {
    observe?.(response);
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
      response = await fetch(next, { redirect: 'manual', headers: { ...headers, cookie: cookie() } });
      keep(response);
    }
    return response;
  };
  const submit = async (page: Response, fields: Record<string, string>) => {
    const action = /action="([^"]+)"/.exec(await page.text())?.[1];
    if (!action) throw new Error(`No form at ${page.url} (it answered ${page.status})`);
    const posted = await fetch(new URL(action.replaceAll('&amp;', '&'), baseUrl), {
      method: 'POST',
      redirect: 'manual',
      headers: { ...headers, cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    keep(posted);
    return follow(posted);
  };
  const first = await fetch(`${baseUrl}/auth/login?returnTo=/`, { redirect: 'manual', headers });
  keep(first);
  const afterPassword = await submit(await follow(first), { email, password: DEMO_PASSWORD });
  if (secondFactor && !jar.has('lynk_session')) await submit(afterPassword, { code: secondFactor() });
  const value = jar.get('lynk_session');
  if (!value)
    throw new Error(`Signing in gave no session cookie (the form answered ${afterPassword.status})`);
  return { name: 'lynk_session', value };
}
