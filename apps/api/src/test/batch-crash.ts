import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Db } from '../db/transaction.ts';
import { verifyLedger } from '../modules/ledger/service.ts';

/**
 * The batch crash test (issue 11): a server paying a large approved batch is killed with SIGKILL
 * at random moments and started again, then the batch is checked against the ledger. Shared by
 * the test (a few kills) and `npm run crash:batch` (twenty).
 */

/** The database the child servers open (PostgreSQL, or an embedded one on disk) and the batch. */
export interface BatchCrashTarget {
  databaseUrl?: string;
  dataDir?: string;
  batchId: number;
}

const CHILD = fileURLToPath(new URL('./batch-crash-child.ts', import.meta.url));

export interface CrashRun {
  /** Payees PAID when the server first reported, after its start. */
  paidAtStart: number;
  /** The last count the server reported before it was killed or finished. */
  paidLastSeen: number;
  /** Killed (at `paidLastSeen` payees) or finished on its own with the batch's status. */
  ended: 'killed' | string;
  seconds: number;
}

/**
 * Starts a server on the target and reads its reports. When `killAtPaid` answers a count, kills it
 * with SIGKILL as soon as it reports at least that many payees PAID; otherwise waits for it to
 * finish the batch.
 */
async function runServer(target: BatchCrashTarget, killAtPaid: () => number | null) {
  const started = performance.now();
  const child = spawn(process.execPath, [CHILD], {
    env: { ...process.env, BATCH_CRASH_TARGET: JSON.stringify(target) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let paidAtStart: number | null = null;
  let paidLastSeen = 0;
  let ended = 'exited';
  let killAt: number | null = null;
  for await (const line of createInterface({ input: child.stdout })) {
    const [word, value] = line.split(' ');
    if (word === 'done') {
      if (ended !== 'killed') ended = value!;
      continue;
    }
    if (word !== 'paid' || ended === 'killed') continue;
    paidLastSeen = Number(value);
    if (paidAtStart === null) {
      paidAtStart = paidLastSeen;
      killAt = killAtPaid();
    }
    if (killAt !== null && paidLastSeen >= killAt) {
      child.kill('SIGKILL');
      ended = 'killed';
    }
  }
  await new Promise((done) =>
    child.exitCode !== null || child.signalCode ? done(null) : child.on('exit', done),
  );
  if (ended === 'killed' && child.signalCode !== 'SIGKILL') throw new Error('the server was not killed');
  if (ended === 'exited') throw new Error(`the server stopped (${child.exitCode}) before the batch finished`);
  return {
    paidAtStart: paidAtStart ?? 0,
    paidLastSeen,
    ended,
    seconds: (performance.now() - started) / 1000,
  } satisfies CrashRun;
}

/**
 * Kills the paying server `kills` times, then lets one last server finish the batch. The kill
 * points are drawn at random over the first nine tenths of the payees, before the first server
 * starts: each server is killed as soon as it reports the next one reached, which may be its very
 * first report, right after its start (when a commit jumped past several points). Throws when a
 * count a killed server reported as committed is found lower by the next one (a PAID payee lost).
 */
export async function killWhilePaying(
  target: BatchCrashTarget,
  options: {
    kills: number;
    payees: number;
    random?: () => number;
    onRun?: (run: CrashRun, i: number) => void;
  },
): Promise<CrashRun[]> {
  const random = options.random ?? Math.random;
  const points = Array.from({ length: options.kills }, () =>
    Math.floor(random() * options.payees * 0.9),
  ).sort((a, b) => a - b);
  const runs: CrashRun[] = [];
  for (let i = 0; i <= options.kills; i++) {
    const run = await runServer(target, () => points[i] ?? null);
    const before = runs.at(-1);
    if (before && run.paidAtStart < before.paidLastSeen) {
      throw new Error(`${before.paidLastSeen} payees were PAID before the kill, ${run.paidAtStart} after`);
    }
    runs.push(run);
    options.onRun?.(run, i);
    if (run.ended !== 'killed') break;
  }
  return runs;
}

/** What the database says of a batch paid through crashes, checked against its own totals. */
export interface BatchPaidFindings {
  status: string;
  payeeCount: number;
  paidCount: number;
  /** Payees not PAID. */
  unpaid: number;
  /** The batch's BATCH_PAYOUT journal entries, and those no payee row points at. */
  entries: number;
  strayEntries: number;
  /** Payees sharing a journal entry with another. */
  sharedEntries: number;
  /** Payees whose wallet (empty before the batch) does not hold exactly their amount. */
  payeesWrongBalance: number;
  /** The paying wallet's fall and the batch's total (amounts, fees and GCT). */
  walletDrop: bigint;
  total: bigint;
  /** What the batch counted against the wallet's weekly batch limit. */
  limitUsed: bigint;
  /** Outcome notifications sent for the batch. */
  outcomeNotifications: number;
  ledgerSound: boolean;
  ledgerViolations: Record<string, number>;
}

export async function batchPaidFindings(
  db: Db,
  batchId: number,
  wallet: { id: number; balanceBefore: bigint },
): Promise<BatchPaidFindings> {
  const batch = await db
    .selectFrom('batch_payments')
    .select(['status', 'payee_count', 'paid_count', 'total', 'limit_period_start'])
    .where('id', '=', batchId)
    .executeTakeFirstOrThrow();
  const count = async (query: ReturnType<typeof sql<{ n: string }>>) =>
    Number((await query.execute(db)).rows[0]!.n);
  // Fresh statistics: just after a big batch the planner would take its entries for a handful.
  await sql`analyze batch_payees, journal_entries`.execute(db);
  const prefix = `Batch ${batchId}, row %`;
  const [unpaid, entries, owned, sharedEntries, payeesWrongBalance, outcomeNotifications] = await Promise.all(
    [
      count(sql`select count(*) as n from batch_payees where batch_id = ${batchId} and status <> 'PAID'`),
      count(
        sql`select count(*) as n from journal_entries where kind = 'BATCH_PAYOUT' and description like ${prefix}`,
      ),
      count(sql`select count(distinct e.id) as n from batch_payees p join journal_entries e on e.id = p.entry_id
               where p.batch_id = ${batchId} and e.kind = 'BATCH_PAYOUT' and e.description like ${prefix}`),
      count(
        sql`select count(entry_id) - count(distinct entry_id) as n from batch_payees where batch_id = ${batchId}`,
      ),
      count(sql`select count(*) as n from batch_payees p join accounts a on a.id = p.account_id
               where p.batch_id = ${batchId} and p.status <> 'INVALID' and a.balance <> p.amount`),
      count(sql`select count(*) as n from notifications
               where data->>'batch_id' = ${String(batchId)} and code like 'BATCH_DISBURSE_FUNDS_PROCESSED%'`),
    ],
  );
  const strayEntries = entries - owned;
  const after = await db
    .selectFrom('accounts')
    .select('balance')
    .where('id', '=', wallet.id)
    .executeTakeFirstOrThrow();
  const usage = await db
    .selectFrom('limit_usage')
    .select('used')
    .where('account_id', '=', wallet.id)
    .where('transfer_type', '=', 'MBATCH')
    .where('period_start', '=', batch.limit_period_start ?? '1970-01-01')
    .executeTakeFirst();
  const verification = await verifyLedger(db);
  return {
    status: batch.status,
    payeeCount: batch.payee_count,
    paidCount: batch.paid_count,
    unpaid,
    entries,
    strayEntries,
    sharedEntries,
    payeesWrongBalance,
    walletDrop: wallet.balanceBefore - BigInt(after.balance),
    total: BigInt(batch.total),
    limitUsed: BigInt(usage?.used ?? 0),
    outcomeNotifications,
    ledgerSound: verification.ok,
    ledgerViolations: verification.violations,
  };
}

/** The findings of a batch every payee of which was paid exactly once, for comparison. */
export function paidOnce(findings: BatchPaidFindings): BatchPaidFindings {
  return {
    ...findings,
    status: 'COMPLETED',
    paidCount: findings.payeeCount,
    unpaid: 0,
    entries: findings.payeeCount,
    strayEntries: 0,
    sharedEntries: 0,
    payeesWrongBalance: 0,
    walletDrop: findings.total,
    limitUsed: findings.total,
    outcomeNotifications: 1,
    ledgerSound: true,
    ledgerViolations: Object.fromEntries(Object.keys(findings.ledgerViolations).map((check) => [check, 0])),
  };
}
