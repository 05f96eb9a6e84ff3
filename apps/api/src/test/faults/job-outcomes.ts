import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Db } from '../../db/transaction.ts';
import { verifyLedger } from '../../modules/ledger/service.ts';
import { batchPaidFindings, paidOnce } from '../batch-crash.ts';
import { Browser } from './http.ts';
import type { FaultServer } from './server.ts';
import { balancesOf, type FaultWorld } from './world.ts';

/**
 * What the killed servers' jobs left to do and, once a last server has finished it, whether each
 * piece of work was done exactly once (the checks of `killDuringJobs`).
 */
export interface Payroll {
  key: string;
  id?: number;
  /** Approved (the client's part done); paying it is the jobs'. */
  approved?: boolean;
}

export interface Made {
  cashOuts: { amount: number; id?: string }[];
  links: { id?: string }[];
  members: { email: string }[];
  payrolls: Payroll[];
}

const ids = <T>(values: (T | undefined)[]) => values.filter((v): v is T => v !== undefined);

export type JobKind = 'bank-rail' | 'order-expiry' | 'activation-mail' | 'batch-processing';

/** How much of each kind's work the jobs have still to do. */
export async function pendingWork(db: Db, made: Made): Promise<Record<JobKind, number>> {
  const count = async (query: ReturnType<typeof sql<{ n: string }>>) =>
    Number((await query.execute(db)).rows[0]!.n);
  const transfers = ids(made.cashOuts.map((c) => c.id));
  const orders = ids(made.links.map((l) => l.id));
  const batches = ids(made.payrolls.map((p) => p.id));
  const emails = made.members.map((m) => m.email);
  return {
    'bank-rail': transfers.length
      ? await count(
          sql`select count(*) as n from transfers where id in (${sql.join(transfers)}) and status <> 'COMPLETED'`,
        )
      : 0,
    // Links past their time that the job has not expired yet.
    'order-expiry': orders.length
      ? await count(
          sql`select count(*) as n from orders where id in (${sql.join(orders)}) and status = 'RECEIVED' and expires_at <= now()`,
        )
      : 0,
    'activation-mail': await count(
      sql`select count(*) as n from mail_outbox where to_address in (${sql.join(emails)}) and status = 'PENDING'`,
    ),
    'batch-processing': batches.length
      ? await count(
          sql`select count(*) as n from batch_payments where id in (${sql.join(batches)}) and status not in ('COMPLETED', 'FAILED', 'COMPLETED_WITH_ERRORS')`,
        )
      : 0,
  };
}

/** The links made so far reach their time (the server is down: as if the hours had passed). */
export async function expireLinks(db: Db, links: { id?: string }[]) {
  const orders = ids(links.map((l) => l.id));
  if (orders.length === 0) return;
  await sql`update orders set expires_at = now() - interval '1 minute'
             where id in (${sql.join(orders)}) and status = 'RECEIVED'`.execute(db);
}

/**
 * Polls what users see until every job is done: cash-outs completed, links expired, mails kept,
 * payrolls paid; past `withinMs`, an error naming what never finished.
 */
export async function untilDone(server: FaultServer, manager: Browser, made: Made, withinMs: number) {
  let unfinished: string[] = [];
  for (const deadline = Date.now() + withinMs; Date.now() < deadline;) {
    const listing = await manager.send({
      method: 'GET',
      path: '/api/account/v2/connected-account-transactions?limit=100',
    });
    const transfers = (listing.body as { result: { transfer_id: string; status: string }[] }).result;
    const status = new Map(transfers.map((t) => [t.transfer_id, t.status]));
    const mailbox = await manager.page('/dev/mail');
    /** Those of `objects` whose page does not show `wanted` yet, named with what it shows. */
    const notYet = async (what: string, objects: (string | number)[], path: string, wanted: string) =>
      (
        await Promise.all(
          objects.map(async (id) => ({
            id,
            status: (await manager.expect<{ status: string }>(200, { method: 'GET', path: `${path}/${id}` }))
              .status,
          })),
        )
      )
        .filter((found) => found.status !== wanted)
        .map((found) => `${what} ${found.id} ${found.status}`);
    unfinished = [
      ...ids(made.cashOuts.map((c) => c.id))
        .filter((id) => status.get(id) !== 'COMPLETED')
        .map((id) => `cash-out ${id} ${status.get(id)}`),
      ...made.members.filter((m) => !mailbox.includes(m.email)).map((m) => `no mail to ${m.email}`),
      ...(await notYet(
        'order',
        ids(made.links.map((l) => l.id)),
        '/api/payment/customer-transactions',
        'EXPIRED',
      )),
      ...(await notYet(
        'batch',
        ids(made.payrolls.map((p) => p.id)),
        '/api/payment/batch-payments',
        'COMPLETED',
      )),
    ];
    if (unfinished.length === 0) return;
    await sleep(250);
  }
  throw new Error(`After the last start (${server.baseUrl}) these never finished: ${unfinished.join(', ')}`);
}

export async function jobFindings(
  db: Db,
  world: FaultWorld,
  { run, since }: { run: string; since: Date },
  made: Made,
  before: bigint,
) {
  const count = async (query: ReturnType<typeof sql<{ n: string }>>) =>
    Number((await query.execute(db)).rows[0]!.n);
  const transfers = ids(made.cashOuts.map((c) => c.id));
  const orders = ids(made.links.map((l) => l.id));
  const emails = made.members.map((m) => m.email);

  const bank = {
    made: transfers.length,
    // Every cash-out to the bank since the run began: a retried call must not have made a second.
    rows: await count(sql`select count(*) as n from transfers where wallet_account_id = ${world.wallet}
                           and direction = 'CASH_OUT' and not jam_dex and created_at >= ${since}`),
    completed: await count(
      sql`select count(*) as n from transfers where id in (${sql.join(transfers)}) and status = 'COMPLETED'`,
    ),
    settledTwice: await count(sql`select count(*) as n from (select subject from audit_log
                                   where action = 'transfer.completed' and subject in (${sql.join(transfers)})
                                   group by subject having count(*) > 1) twice`),
  };
  const expiry = {
    links: orders.length,
    rows: await count(sql`select count(*) as n from orders where description = ${`Fault expiry ${run}`}`),
    expired: await count(
      sql`select count(*) as n from orders where id in (${sql.join(orders)}) and status = 'EXPIRED'`,
    ),
  };
  const mails = await sql<{ to_address: string; n: string }>`
    select to_address, count(*) as n from dev_mailbox where to_address in (${sql.join(emails)}) group by to_address`.execute(
    db,
  );
  const mail = {
    registered: emails.length,
    users: await count(sql`select count(*) as n from users where email in (${sql.join(emails)})`),
    mailsPerMember: Object.fromEntries(
      emails.map((e) => [e, Number(mails.rows.find((r) => r.to_address === e)?.n ?? 0)]),
    ),
    outboxNotKept: await count(
      sql`select count(*) as n from mail_outbox where to_address in (${sql.join(emails)}) and status <> 'KEPT'`,
    ),
  };

  let batchTotal = 0n;
  const off: string[] = [];
  for (const id of ids(made.payrolls.map((p) => p.id))) {
    const found = await batchPaidFindings(db, id, { id: world.wallet, balanceBefore: 0n });
    batchTotal += found.total;
    const expected = paidOnce(found);
    for (const field of [
      'status',
      'paidCount',
      'unpaid',
      'entries',
      'strayEntries',
      'sharedEntries',
      'payeesWrongBalance',
      'outcomeNotifications',
    ] as const) {
      if (found[field] !== expected[field])
        off.push(`batch ${id} ${field}: ${found[field]}, expected ${expected[field]}`);
    }
  }
  const left = made.cashOuts.filter((c) => c.id).reduce((sum, c) => sum + BigInt(c.amount), 0n) + batchTotal;
  const actual = (await balancesOf(db, [world.wallet])).get(world.wallet)!;
  return {
    bank,
    expiry,
    mail,
    batches: { approved: made.payrolls.filter((p) => p.approved).length, off },
    wallet: { expected: String(before - left), actual: String(actual) },
    ledgerSound: (await verifyLedger(db)).ok,
  };
}
