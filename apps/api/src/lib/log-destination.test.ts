import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const loggingModule = fileURLToPath(new URL('./request-logging.ts', import.meta.url));

/** A process logging through `logDestination` to its standard output, as the server does. */
function loggingProcess(script: string) {
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import pino from 'pino';
       const { logDestination } = await import(${JSON.stringify(loggingModule)});
       const log = pino(logDestination());
       ${script}`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, output: () => output, exited };
}

describe('the log destination', () => {
  it('writes the lines logged just before the process exits', async () => {
    const run = loggingProcess(`for (let i = 0; i < 3; i++) log.info('last words ' + i); process.exit(0);`);
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain('"msg":"last words 0"');
    expect(run.output()).toContain('"msg":"last words 2"');
  });

  it("writes a quiet server's one line while it keeps running", async () => {
    const run = loggingProcess(`log.info('a quiet request'); setInterval(() => {}, 1000);`);
    try {
      await expect.poll(run.output, { timeout: 5000, interval: 50 }).toContain('"msg":"a quiet request"');
      expect(run.child.exitCode).toBeNull();
    } finally {
      run.child.kill();
    }
  });
});
