import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../../apps/api/src/heap-budget.ts';
import { SERVER_CLOCK_FILE, setServerClockOffset } from './server-clock.ts';
import { resetTotpClaims } from './totp.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitUntilReady(url: string, deadline: number, server: ChildProcess) {
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`The server exited with ${server.exitCode}; see e2e/test-results/server.log`);
    }
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server at ${url} did not become ready; see e2e/test-results/server.log`);
}

/** Starts the real product (built portal, API, embedded database and provider) on a free port. */
export default async function globalSetup() {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  await mkdir(path.join(here, '../test-results'), { recursive: true });
  const log = createWriteStream(path.join(here, '../test-results/server.log'));
  setServerClockOffset(0);
  await resetTotpClaims();
  // Started as `npm start` starts it: within the server's heap budget.
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: 'memory://',
      LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL ?? 'warn',
      NODE_ENV: 'test',
      // The demo world the journeys sign in to, with its mail viewer (this machine only).
      DEMO: 'true',
      // The bank rail steps every second, so a journey sees a cash-out complete.
      BANK_RAIL_STEP_SECONDS: '1',
      // The journeys move money: the server checks the whole ledger when it stops.
      VERIFY_LEDGER_ON_SHUTDOWN: 'true',
      // The two-factor journey moves the server's clock to make a second factor stale.
      TEST_CLOCK_FILE: SERVER_CLOCK_FILE,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.pipe(log);
  server.stderr.pipe(log);
  process.env.E2E_BASE_URL = baseUrl;
  // Seeding three months of demo money takes tens of seconds on a loaded two-core machine. A server
  // that never gets ready is stopped here: Playwright runs no teardown when the setup throws.
  try {
    await waitUntilReady(baseUrl, Date.now() + 180_000, server);
  } catch (error) {
    server.kill('SIGKILL');
    throw error;
  }
  return async () => {
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    const code = await exited;
    if (code === 3) {
      throw new Error('The ledger verification failed after the journeys; see e2e/test-results/server.log');
    }
    if (code === 0) console.log('The server verified the ledger after the journeys: sound.');
  };
}
