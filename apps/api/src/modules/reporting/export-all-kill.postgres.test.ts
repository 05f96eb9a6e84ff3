import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherServer, createTestApp, signIn, testClock, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';
import { runExport } from './export-all-job.ts';

const CHILD = fileURLToPath(new URL('../../test/export-kill-child.ts', import.meta.url));
const clock = testClock();
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  cookie = (await signIn(t.app, 'admin.kingston@bluemountain.example', DEMO_PASSWORD)).jar.header();
});
afterAll(async () => {
  await t.close();
});

const start = async () => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/reporting/v2/exports/all',
    headers: { 'x-lynk-csrf': '1', cookie },
    payload: { source: 'orders' },
  });
  expect(response.statusCode).toBe(202);
  return response.json().result.id as string;
};
const download = (id: string) =>
  t.app.inject({ method: 'GET', url: `/api/reporting/v2/exports/all/${id}/csv`, headers: { cookie } });

describe('an "Export all" whose worker process is killed with SIGKILL', () => {
  it('is taken over by the next worker from its last chunk, and its file is whole', async () => {
    const whole = await start();
    expect(await runExport({ db: t.database.db, now: clock.now }, whole)).toBe('READY');
    const expected = (await download(whole)).body;

    const id = await start();
    const child = spawn(process.execPath, [CHILD], {
      env: {
        ...process.env,
        EXPORT_KILL_TARGET: JSON.stringify({ databaseUrl: t.databaseUrl, exportId: id }),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('chunk 1\n')) resolve();
      });
      child.on('exit', (code) => reject(new Error(`the worker ended ${code} before its second chunk`)));
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    expect(child.signalCode).toBe('SIGKILL');

    const state = await t.database.db
      .selectFrom('background_exports')
      .select(['status', 'chunks', 'rows_done'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(state).toEqual({ status: 'RUNNING', chunks: 2, rows_done: 10 });
    expect((await download(id)).statusCode).toBe(409);

    // Two minutes without a sign of life: the next worker's sweep at start takes it over.
    clock.advance(3 * 60_000);
    const next = await anotherServer(t, { jobs: true, now: clock.now });
    try {
      await expect
        .poll(
          async () =>
            (
              await t.database.db
                .selectFrom('background_exports')
                .select('status')
                .where('id', '=', id)
                .executeTakeFirstOrThrow()
            ).status,
          { timeout: 20_000 },
        )
        .toBe('READY');
    } finally {
      await next.close();
    }
    expect((await download(id)).body).toBe(expected);
  });
});
