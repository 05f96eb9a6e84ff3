/**
 * How long the real server takes to answer, from the process starting to `/readyz` answering:
 *
 *   npm run bench:start        (after `npm run build`, which writes the database template)
 *
 * Three times over: a first start on an empty data folder (the embedded database made from the
 * build's template, apps/api/src/scripts/database-template.ts), then a restart on the folder it left. Same node
 * flags and settings as `npm start`. Figures go to docs/performance-log.md.
 */
import { performance } from 'node:perf_hooks';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../apps/api/src/heap-budget.ts';
import { DATABASE_TEMPLATE } from '../apps/api/src/scripts/database-template.ts';
import { writePerformanceSection } from './performance-doc.ts';
import { freePort, startNode, stopNode, waitUntilReady } from './real-server.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET_FIRST_S = 5;
const TARGET_RESTART_S = 2;

if (!existsSync(DATABASE_TEMPLATE)) throw new Error('No database template: run `npm run build` first.');

/** Seconds from spawning the server until `/readyz` answers 200 (polled every 10 ms). */
async function timeToReady(dataDir: string): Promise<{ seconds: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const started = performance.now();
  const child = startNode([...SERVER_NODE_FLAGS, 'apps/api/src/server.ts'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    // The demo's first start (loaded from the build's template) and restart.
    DEMO: 'true',
  });
  await waitUntilReady(`http://127.0.0.1:${port}/readyz`, child, 10);
  return { seconds: (performance.now() - started) / 1000, stop: () => stopNode(child) };
}

const first: number[] = [];
const restart: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lynk-start-'));
  try {
    const fresh = await timeToReady(dataDir);
    await fresh.stop();
    first.push(fresh.seconds);
    const again = await timeToReady(dataDir);
    await again.stop();
    restart.push(again.seconds);
    console.log(
      `run ${run + 1}: first start ${fresh.seconds.toFixed(2)} s, restart ${again.seconds.toFixed(2)} s`,
    );
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const range = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${sorted[0]!.toFixed(2)}–${sorted.at(-1)!.toFixed(2)} s (median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(2)} s)`;
};
const verdict = (values: number[], target: number) =>
  Math.max(...values) <= target ? 'met' : `missed (target ≤ ${target} s)`;
await writePerformanceSection(
  'start-bench',
  [
    '',
    `Start (\`npm run bench:start\`, ${new Date().toISOString().slice(0, 10)}): the real server (\`apps/api/src/server.ts\`, the flags of \`npm start\`, production settings, the demo world) from spawning the process to \`/readyz\` answering, ${RUNS} times each.`,
    '',
    '| Start | Time | Target |',
    '| --- | --- | --- |',
    `| first start, empty data folder (database from the build's template) | ${range(first)} | ${verdict(first, TARGET_FIRST_S)} |`,
    `| restart on the folder the first start left | ${range(restart)} | ${verdict(restart, TARGET_RESTART_S)} |`,
  ].join('\n'),
);
