/**
 * How much of the machine other work took while the fleet was measured. The load average cannot
 * say: the benchmark itself keeps every core busy. From /proc: the CPU time all cores spent busy,
 * less what this process and everything it started (the instances, PostgreSQL and its backends,
 * HAProxy, the bare routes) spent. Without /proc, nothing is known.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString()) || 100;
  } catch {
    return 100;
  }
})();

export interface CpuSnapshot {
  /** Clock ticks every core spent busy, since boot. */
  busy: number;
  /** Clock ticks this process tree spent (its exited children included). */
  ours: number;
  at: number;
}

function busyTicks(): number {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
  return user! + nice! + system! + irq! + softirq! + (steal ?? 0);
}

/** Each process's parent and its CPU ticks (its own and its reaped children's). */
function processes(): Map<number, { parent: number; ticks: number }> {
  const found = new Map<number, { parent: number; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // After the command's closing parenthesis: state, ppid, … utime is the 12th, cstime the 15th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      found.set(Number(entry), { parent: Number(fields[1]), ticks });
    } catch {
      // gone since the folder was listed
    }
  }
  return found;
}

export function cpuSnapshot(): CpuSnapshot | undefined {
  try {
    const all = processes();
    const children = new Map<number, number[]>();
    for (const [pid, { parent }] of all) children.set(parent, [...(children.get(parent) ?? []), pid]);
    let ours = 0;
    for (const pending = [process.pid]; pending.length > 0;) {
      const pid = pending.pop()!;
      ours += all.get(pid)?.ticks ?? 0;
      pending.push(...(children.get(pid) ?? []));
    }
    return { busy: busyTicks(), ours, at: performance.now() };
  } catch {
    return undefined;
  }
}

/** CPUs' worth of time other work took between two snapshots (0.5: half a core on average). */
export function otherWork(
  before: CpuSnapshot | undefined,
  after: CpuSnapshot | undefined,
): number | undefined {
  if (!before || !after) return undefined;
  const seconds = (after.at - before.at) / 1000;
  const others = after.busy - before.busy - (after.ours - before.ours);
  return Math.max(0, others / TICKS_PER_SECOND / seconds);
}
