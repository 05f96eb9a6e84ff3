/**
 * What one request log line costs the server's process: the server's destination
 * (`logDestination`, lines written in 4 KB blocks) against pino's default one (a write for each
 * turn of the event loop), in processes taking turns. Each process logs the server's line (a child
 * logger with the request id, the request, the response) once per turn of the event loop, as a
 * busy server does, and reports the CPU of all its threads (the write runs on libuv's pool) per
 * line. Pinned to one core, as a server in a one-core container is: there the pool's thread and
 * the event loop share it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { logDestination } from '../apps/api/src/lib/request-logging.ts';
import { writePerformanceSection } from './performance-doc.ts';

const LINES = 200_000;
const ROUNDS = Number(process.env.BENCH_RUNS ?? 5);
const DESTINATIONS = ['pino default', 'server (4 KB blocks)'] as const;
type Destination = (typeof DESTINATIONS)[number];

async function logLines(destination: Destination): Promise<number> {
  const log = pino({ level: 'info' }, destination === 'pino default' ? undefined : logDestination());
  const req = {
    method: 'GET',
    url: '/api/payment/customer-transactions?offset=0&limit=10&sort=DESC',
    route: '/api/payment/customer-transactions',
    host: 'localhost:3000',
    remoteAddress: '127.0.0.1',
    merchant: 1001,
    actor: 'user:4',
  };
  const start = process.cpuUsage();
  let written = 0;
  await new Promise<void>((done) => {
    const turn = () => {
      log
        .child({ requestId: '5f0c2a4e-9d1b-4c3e-8a7f-2b6d1e0c9f38' })
        .info({ req, res: { statusCode: 200 }, responseTime: 1.234 }, 'request completed');
      if (++written < LINES) setImmediate(turn);
      else done();
    };
    turn();
  });
  const used = process.cpuUsage(start);
  return (used.user + used.system) / LINES;
}

function inChild(destination: Destination, pinned: boolean): number {
  const self = fileURLToPath(import.meta.url);
  const command = pinned ? 'taskset' : process.execPath;
  const args = [...(pinned ? ['-c', '0', process.execPath] : []), self, '--child', destination];
  // The lines go to /dev/null; the figure comes back on stderr.
  const child = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  if (child.status !== 0) throw new Error(`The ${destination} process failed: ${child.stderr.toString()}`);
  return Number(child.stderr.toString().trim());
}

function tasksetWorks(): boolean {
  try {
    execFileSync('taskset', ['-c', '0', 'true'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

if (process.argv[2] === '--child') {
  process.stderr.write(String(await logLines(process.argv[3] as Destination)));
} else {
  const pinned = process.env.BENCH_PIN !== '0' && tasksetWorks();
  const figures = new Map<Destination, number[]>(DESTINATIONS.map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const destination of DESTINATIONS) figures.get(destination)!.push(inChild(destination, pinned));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const anchor = median(figures.get('pino default')!);
  const rows = DESTINATIONS.map((destination) => {
    const values = figures.get(destination)!;
    const range = `${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)}`;
    return `| ${destination} | ${median(values).toFixed(1)} | ${range} | ${((100 * median(values)) / anchor).toFixed(0)} % |`;
  });
  const section = [
    '',
    `Log lines (\`npm run bench:logs\`, ${new Date().toISOString().slice(0, 10)}): CPU of a process (all its threads) per request log line, ${LINES.toLocaleString('en')} lines, one per turn of the event loop, ${pinned ? 'on one core' : 'not pinned'}; ${ROUNDS} processes each, taking turns. The anchor is pino's default destination.`,
    '',
    '| Destination | µs per line (median) | Range | Of the anchor |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
  console.log(section);
  await writePerformanceSection('log-bench', section);
}
