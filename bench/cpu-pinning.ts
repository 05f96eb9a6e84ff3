/**
 * Keeps a load generator off the cores of the servers it measures. autocannon parsing the answers
 * on the same two cores as the server charges the client's work (our 21 headers against the bare
 * route's 5, bigger bodies) to the server, and makes the anchor and the target fight the client
 * differently. With BENCH_PIN=0, or one core, or no `taskset`, nothing is pinned.
 */
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

function tasksetWorks(): boolean {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const cores = availableParallelism();

/** The servers' cores (all but the last) and the load generator's (the last). */
const serverCpus = cores === 2 ? '0' : `0-${cores - 2}`;
const clientCpu = String(cores - 1);
let pinned = false;

/**
 * Moves this process (every thread of it) onto the load generator's core; the processes it starts
 * after this go on the servers' cores. Benchmarks that do not call it (a start's time) use all cores.
 */
export function pinThisProcessAsClient(): string {
  // Checked here, not on import: the benchmarks that never pin (a start's time) run no taskset.
  if (process.env.BENCH_PIN === '0' || cores < 2 || !tasksetWorks()) {
    return 'not pinned (one core, BENCH_PIN=0 or no taskset)';
  }
  execFileSync('taskset', ['-a', '-p', '-c', clientCpu, String(process.pid)], { stdio: 'ignore' });
  pinned = true;
  return `servers on CPU ${serverCpus}, autocannon on CPU ${clientCpu}`;
}

/** The command and arguments that start `args`, on the servers' cores once the client is pinned. */
export function onServerCpus(command: string, args: string[]): [string, string[]] {
  return pinned ? ['taskset', ['-c', serverCpus, command, ...args]] : [command, args];
}
