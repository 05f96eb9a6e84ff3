/**
 * HAProxy (the Debian package) in front of a fleet of API instances for `npm run bench:fleet`: a
 * config generated into a folder of the run, the process in the foreground as a child of the
 * benchmark, and its servers' health read from its stats socket.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';

export const HAPROXY = '/usr/sbin/haproxy';

interface Backend {
  name: string;
  port: number;
}

export interface BalancerLayout {
  /** Where the API is reached: the instances' PUBLIC_URL. */
  port: number;
  servers: Backend[];
  /** The anchor: bare Fastify routes behind the same balancer, on a port of their own. */
  anchorPort: number;
  anchorServers: Backend[];
}

export function haproxyInstalled(): boolean {
  return existsSync(HAPROXY);
}

/** `2.6.12`, from `haproxy -v`. */
export function haproxyVersion(): string {
  return /version (\S+)/.exec(execFileSync(HAPROXY, ['-v']).toString())?.[1] ?? 'unknown';
}

/**
 * The balancer as production would run it: round robin, each server checked on `/readyz` every
 * 500 ms (down after 2 failures, up after 2 successes), and a request whose server refused the
 * connection or closed it without answering sent again (3 times at most), each time to another
 * server (`option redispatch 1`: with the default, only the last retry leaves the server, after a
 * turn-around of up to a second). Replaying a POST whose server died under it is safe here only
 * because every money-moving POST carries an Idempotency-Key. `X-Served-By` names the instance
 * that answered, so the benchmark sees where each step of a sign-in went.
 */
function haproxyConfig(layout: BalancerLayout, statsSocket: string): string {
  const servers = (list: Backend[]) =>
    list.map((s) => `    server ${s.name} 127.0.0.1:${s.port} check`).join('\n');
  return `global
    maxconn 4096
    stats socket ${statsSocket} mode 600 level admin

defaults
    mode http
    timeout connect 1s
    timeout client 30s
    timeout server 30s
    timeout http-request 10s
    timeout http-keep-alive 10s
    timeout queue 5s
    timeout check 1s
    retries 3
    option redispatch 1
    retry-on conn-failure empty-response
    default-server inter 500ms fall 2 rise 2

listen api
    bind 127.0.0.1:${layout.port}
    balance roundrobin
    option forwardfor
    option httpchk GET /readyz
    http-response set-header X-Served-By %s
${servers(layout.servers)}

listen anchor
    bind 127.0.0.1:${layout.anchorPort}
    balance roundrobin
    option httpchk GET /
${servers(layout.anchorServers)}
`;
}

export interface Balancer {
  url: string;
  anchorUrl: string;
  /** Each server's state as HAProxy sees it (`UP`, `DOWN`, `UP 1/2`…), by name. */
  states(): Promise<Map<string, string>>;
  /** Resolves once every server of both sections is UP (throws after 30 s). */
  waitUntilAllUp(): Promise<void>;
  stop(): Promise<void>;
  /** SIGKILL at once (when the benchmark exits without time to stop it). */
  killNow(): void;
}

/** Starts HAProxy on `layout` with its config and stats socket in `dir`. */
export async function startHaproxy(dir: string, layout: BalancerLayout): Promise<Balancer> {
  const config = path.join(dir, 'haproxy.cfg');
  const statsSocket = path.join(dir, 'haproxy.sock');
  await writeFile(config, haproxyConfig(layout, statsSocket));
  let errors = '';
  // -db: stay in the foreground (a child this process stops), whatever the config says.
  const child: ChildProcess = spawn(HAPROXY, ['-db', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr!.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
  const states = async () => parseStates(await askStats(statsSocket, 'show stat'));
  const names = [...layout.servers, ...layout.anchorServers].map((s) => s.name);
  return {
    url: `http://localhost:${layout.port}`,
    anchorUrl: `http://127.0.0.1:${layout.anchorPort}/`,
    states,
    async waitUntilAllUp() {
      for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
        if (child.exitCode !== null) throw new Error(`HAProxy exited (${child.exitCode}): ${errors}`);
        const now = await states().catch(() => new Map<string, string>());
        if (names.every((name) => now.get(name) === 'UP')) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`HAProxy's servers never all came up: ${JSON.stringify([...(await states())])}`);
    },
    killNow() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    },
  };
}

/** One command on HAProxy's stats socket: its whole answer. */
function askStats(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const connection = connect(socket, () => connection.end(`${command}\n`));
    connection.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    connection.on('end', () => resolve(answer));
    connection.on('error', reject);
  });
}

/** `show stat`'s CSV: the status of each server (not the FRONTEND/BACKEND rows). */
function parseStates(csv: string): Map<string, string> {
  const [header, ...rows] = csv.trim().split('\n');
  const columns = header!.replace(/^# /, '').split(',');
  const name = columns.indexOf('svname');
  const status = columns.indexOf('status');
  return new Map(
    rows
      .map((row) => row.split(','))
      .filter((fields) => fields[name] !== 'FRONTEND' && fields[name] !== 'BACKEND')
      .map((fields) => [fields[name]!, fields[status]!]),
  );
}
