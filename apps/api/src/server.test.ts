import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from './test/free-port.ts';

async function waitForHealthy(url: string, deadline: number) {
  while (Date.now() < deadline) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer in time`);
}

describe('the server process', () => {
  it('starts as production when nothing is set, serves, then on SIGTERM stops taking requests, closes the database and exits 0', async () => {
    const port = await freePort();
    // The embedded in-memory database whatever the shell says, so nothing outlives the test.
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'info',
    };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, [fileURLToPath(new URL('./server.ts', import.meta.url))], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
    try {
      await waitForHealthy(`http://127.0.0.1:${port}/healthz`, Date.now() + 45_000);
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
      // Nothing set is production: no mail viewer, not even for this machine (ADR 041). The address
      // is then the portal's like any other (its not-found page once the portal is built).
      const mail = await fetch(`http://127.0.0.1:${port}/dev/mail`);
      expect(await mail.text()).not.toContain('Development mail viewer');

      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const [code] = await exited;
      expect(code).toBe(0);
      expect(log).toContain('(production)');
      expect(log).toContain('shutting down');
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 60_000);
});
