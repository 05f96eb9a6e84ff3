import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../../heap-budget.ts';
import { freePort } from '../free-port.ts';

/**
 * The real server (`apps/api/src/server.ts`, as `npm start` runs it) as a child process the fault
 * runs kill with SIGKILL and start again on the same database and port.
 */

const ROOT = fileURLToPath(new URL('../../../../..', import.meta.url));
const SERVER = 'apps/api/src/server.ts';

/** Where the server keeps its data: an embedded database in `dataDir`, or PostgreSQL at `databaseUrl`. */
export interface FaultTarget {
  /** The embedded database's folder; with `databaseUrl`, the folder of the secrets only. */
  dataDir: string;
  databaseUrl?: string;
}

export interface FaultServer {
  baseUrl: string;
  /** Starts the server and waits until /readyz answers (throws if it exits first). */
  start(): Promise<void>;
  /** SIGKILL, as a power cut would: nothing is drained. */
  kill(): Promise<void>;
  /** SIGTERM: the server drains and closes its database (nothing when it is not running). */
  stop(): Promise<void>;
}

/**
 * The server's settings: the demo world with its users; fees at zero, so what a wallet should hold
 * is the sum of the amounts that succeeded; a one-second bank rail; no rate limit in the way.
 */
function faultServerEnv(target: FaultTarget, port: number): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: target.dataDir,
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    DEMO: 'true',
    LOG_LEVEL: 'error',
    BANK_RAIL_STEP_SECONDS: '1',
    ORDER_FEE_BASIS_POINTS: '0',
    ORDER_FEE_FIXED_CENTS: '0',
    BATCH_FEE_BASIS_POINTS: '0',
    BATCH_FEE_FIXED_CENTS: '0',
    RATE_LIMIT_PER_MINUTE: '1000000000',
    RATE_LIMIT_BEARER_PER_MINUTE: '1000000000',
    SIGN_IN_ATTEMPTS_PER_ADDRESS: '1000000000',
  };
}

/**
 * `settings`: more environment (an instance of a fleet: ROLE, PUBLIC_URL the balancer's, a drain
 * delay); `SIGTERM` then waits for the exit code the caller expects.
 */
export async function faultServer(
  target: FaultTarget,
  settings: Record<string, string> = {},
): Promise<FaultServer> {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const env = { ...process.env, ...faultServerEnv(target, port), ...settings };
  let child: ChildProcess | undefined;
  let errors = '';

  const exited = (process: ChildProcess) =>
    process.exitCode !== null || process.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => process.once('exit', () => resolve()));

  return {
    baseUrl,
    async start() {
      errors = '';
      const started = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER], {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      started.stderr!.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
      child = started;
      for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
        if (started.exitCode !== null) throw new Error(`The server exited (${started.exitCode}): ${errors}`);
        const ready = await fetch(`${baseUrl}/readyz`).then(
          (response) => response.ok,
          () => false,
        );
        if (ready) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`The server never became ready: ${errors}`);
    },
    async kill() {
      if (!child) return;
      child.kill('SIGKILL');
      await exited(child);
      if (child.signalCode !== 'SIGKILL') throw new Error(`The server ended before the kill: ${errors}`);
    },
    async stop() {
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited(child);
      if (child.exitCode !== 0) throw new Error(`The server stopped with ${child.exitCode}: ${errors}`);
    },
  };
}
