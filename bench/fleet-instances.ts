/**
 * The API instances of `npm run bench:fleet`: `apps/api/src/server.ts` with the flags of `npm start`,
 * each a child process on a port of its own, all on one PostgreSQL and one secrets folder, all
 * knowing the balancer's URL as theirs. Their output goes to a file each in the run's folder (read
 * back when one fails), so that the benchmark's own process does not spend its CPU on their logs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../apps/api/src/heap-budget.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** `web` answers HTTP and runs no jobs; `worker` runs the jobs and the bank rail, and answers only its probes. */
export type Role = 'web' | 'worker';

export interface FleetSettings {
  databaseUrl: string;
  /** The one secrets folder of the fleet: every instance signs and seals with the same keys. */
  dataDir: string;
  /** The balancer's URL: cookies and the embedded OpenID issuer derive from it. */
  publicUrl: string;
  /** Extra node flags (an experiment's `--import`). */
  nodeArgs?: string[];
}

export interface Instance {
  name: string;
  role: Role;
  port: number;
  pid: number | undefined;
  /** SIGKILL, as a crashed machine: nothing is drained. */
  kill(): Promise<void>;
  /** SIGTERM: the instance drains and closes its database (at most 20 s). */
  stop(): Promise<void>;
}

/**
 * Production settings but for the demo world (its users sign in, its wallets move money), the
 * balancer trusted for the client's address, and no rate limit in the way of a measurement.
 */
function instanceEnv(settings: FleetSettings, role: Role, port: number): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: settings.publicUrl,
    DATA_DIR: settings.dataDir,
    DATABASE_URL: settings.databaseUrl,
    ROLE: role,
    DEMO: 'true',
    TRUST_PROXY: '127.0.0.1',
    RATE_LIMIT_PER_MINUTE: '1000000000',
    RATE_LIMIT_BEARER_PER_MINUTE: '1000000000',
    SIGN_IN_ATTEMPTS_PER_ADDRESS: '1000000000',
  };
}

const running = new Set<ChildProcess>();

/** SIGKILLs every instance still running: the last resort when the benchmark exits abruptly. */
export function killEveryInstance() {
  for (const child of running) child.kill('SIGKILL');
}

/** Starts an instance and waits until its `/readyz` answers 200 (throws if it exits first, or after 2 minutes). */
export async function startInstance(
  settings: FleetSettings,
  { name, role, port, logDir }: { name: string; role: Role; port: number; logDir: string },
): Promise<Instance> {
  const logFile = path.join(logDir, `${name}.log`);
  const log = openSync(logFile, 'a');
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, ...(settings.nodeArgs ?? []), 'apps/api/src/server.ts'],
    {
      cwd: ROOT,
      env: { ...process.env, ...instanceEnv(settings, role, port) },
      stdio: ['ignore', log, log],
    },
  );
  closeSync(log);
  running.add(child);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running.delete(child);
      resolve();
    }),
  );
  const tail = async () => (await readFile(logFile, 'utf8').catch(() => '')).slice(-3000);
  const url = `http://127.0.0.1:${port}/readyz`;
  for (const deadline = Date.now() + 120_000; ;) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${await tail()}`);
    if (Date.now() > deadline) throw new Error(`${name} never became ready:\n${await tail()}`);
    const ready = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  return {
    name,
    role,
    port,
    pid: child.pid,
    async kill() {
      if (gone()) return;
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (gone()) return;
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
      if (!gone()) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}
