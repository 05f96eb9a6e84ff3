import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Db } from '../../db/transaction.ts';
import { verifyLedger } from '../../modules/ledger/service.ts';
import { batchPaidFindings, paidOnce } from '../batch-crash.ts';
import { batchFile } from '../batch-world.ts';
import { Browser, newKey, Unanswered } from './http.ts';
import { ADMIN, MANAGER, waitForBatch } from './money-load.ts';
import type { FaultServer, FaultTarget } from './server.ts';
import { balancesOf, withFaultDatabase, type FaultWorld } from './world.ts';

/**
 * The server killed with SIGKILL while each kind of background job has work: every round starts
 * bank cash-outs (the rail settles them), pay links that then expire (the expiry job), staff
 * registrations (the activation mail job) and a payroll (validation and processing jobs), then
 * kills the server a random moment later and starts it again on the same database. Calls that
 * got no answer are sent again, with the same Idempotency-Key, as a client would. A last server
 * finishes everything; then each cash-out must be settled once, each link expired once, each new
 * member mailed once, each payee paid once, the wallet down by exactly what left it, and the
 * ledger sound.
 */

/** One piece of a client's work; `advance` carries it on and answers true once its client part is done. */
interface Work {
  advance(): Promise<boolean>;
}

export interface KillOptions {
  kills: number;
  /** Payees of each round's payroll (wallet users created for the run). */
  payees: number;
  /** The longest a round waits before its kill, from its start or from its calls' answers. */
  maxKillDelayMs: number;
  random?: () => number;
}

export interface JobKillFindings {
  kills: number;
  /** Kills that came while each kind of job still had work (the job's effect not all there yet). */
  killsDuring: Record<JobKind, number>;
  bank: { made: number; rows: number; completed: number; settledTwice: number };
  expiry: { links: number; rows: number; expired: number };
  mail: { registered: number; users: number; mailsPerMember: Record<string, number>; outboxNotKept: number };
  batches: { approved: number; off: string[] };
  wallet: { expected: string; actual: string };
  ledgerSound: boolean;
  /** Answers no client should ever get. */
  errors: string[];
  seconds: number;
}

export type JobKind = 'bank-rail' | 'order-expiry' | 'activation-mail' | 'batch-processing';

/** The wallet users each round's payroll pays (prepareFaultWorld creates them, empty). */
export const payrollPrefixes = (run: string, kills: number) =>
  Array.from({ length: kills }, (_, round) => payrollPrefix(run, round));

const payrollPrefix = (run: string, round: number) => `fault${run}r${round}`;

export async function killDuringJobs(
  target: FaultTarget,
  server: FaultServer,
  world: FaultWorld,
  run: string,
  options: KillOptions,
): Promise<JobKillFindings> {
  const started = performance.now();
  const since = new Date();
  const random = options.random ?? Math.random;
  const manager = new Browser(server.baseUrl, MANAGER);
  const admin = new Browser(server.baseUrl, ADMIN);
  const errors: string[] = [];
  const before = (await withFaultDatabase(target, (db) => balancesOf(db, [world.wallet]))).get(world.wallet)!;

  const cashOuts: CashOut[] = [];
  const links: { key: string; id?: string }[] = [];
  const members: { email: string; registered?: boolean }[] = [];
  const payrolls: Payroll[] = [];
  const works: Work[] = [];

  /** An answer that is neither the expected one nor a refusal: recorded, and the work given up. */
  const unexpected = (what: string, answer: { status: number; body: unknown }) => {
    errors.push(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return true;
  };

  const cashOut = (): Work => {
    const item: CashOut = { key: newKey(), amount: 1_000 + Math.floor(random() * 9_000) };
    cashOuts.push(item);
    return {
      async advance() {
        if (item.id || item.refused) return true;
        const answer = await manager.send({
          method: 'POST',
          path: `/api/account/v1/accounts/${world.wallet}/transfers`,
          key: item.key,
          body: {
            transfer_type: 'CASH_OUT',
            account_type: 'BANK_ACCOUNT',
            account_id: world.bank,
            amount: item.amount,
          },
        });
        if (answer.status === 201)
          item.id = (answer.body as { data: { transfer_id: string } }).data.transfer_id;
        else if (answer.status === 422) item.refused = true;
        else return unexpected('A cash-out', answer);
        return true;
      },
    };
  };

  const link = (): Work => {
    const item: { key: string; id?: string } = { key: newKey() };
    links.push(item);
    return {
      async advance() {
        if (item.id) return true;
        const answer = await manager.send({
          method: 'POST',
          path: '/api/payment/customer-transactions',
          key: item.key,
          body: { amount_to_pay: 2_500, description: `Fault expiry ${run}` },
        });
        if (answer.status !== 201) return unexpected('A pay link', answer);
        item.id = (answer.body as { data: { m_order_id: string } }).data.m_order_id;
        return true;
      },
    };
  };

  const member = (): Work => {
    const item: { email: string; registered?: boolean } = {
      email: `fault.${run}.${members.length + 1}@bluemountain.example`,
    };
    members.push(item);
    return {
      async advance() {
        if (item.registered) return true;
        const answer = await admin.send({
          method: 'POST',
          path: '/api/profile/v3/staff',
          body: {
            email: item.email,
            display_name: `Fault Cashier ${members.indexOf(item) + 1}`,
            merchants: [{ merchant_id: world.merchantId, role_id: 3 }],
          },
        });
        // 409: an earlier attempt the server died under had registered them.
        if (answer.status !== 201 && answer.status !== 409) return unexpected('A registration', answer);
        item.registered = true;
        return true;
      },
    };
  };

  const payroll = (round: number): Work => {
    const item: Payroll = { key: newKey() };
    payrolls.push(item);
    const path = () => `/api/payment/batch-payments/${item.id}`;
    return {
      async advance() {
        if (item.id === undefined) {
          const answer = await manager.send({
            method: 'POST',
            path: '/api/payment/batch-payments',
            key: item.key,
            body: {
              merchant_id: world.merchantId,
              name: `Fault payroll ${run} ${round}`,
              csv: batchFile(payrollPrefix(run, round), options.payees).toString('base64'),
            },
          });
          if (answer.status !== 201) return unexpected('A payroll upload', answer);
          item.id = (answer.body as { data: { id: number } }).data.id;
        }
        for (;;) {
          const batch = await manager.expect<{ status: string }>(200, { method: 'GET', path: path() });
          if (batch.status === 'NEW') await waitForBatch(manager, item.id, (s) => s !== 'NEW', 'VALIDATED');
          else if (batch.status === 'VALIDATED')
            await manager.send({ method: 'POST', path: `${path()}/request` });
          else if (batch.status === 'PENDING_APPROVAL') {
            const approved = await admin.send({
              method: 'POST',
              path: `${path()}/approve`,
              body: { account_type: 'LYNK', account_id: world.wallet },
            });
            // 409: an earlier attempt the server died under had approved it.
            if (approved.status !== 200 && approved.status !== 409)
              return unexpected('An approval', approved);
          } else if (['APPROVED', 'PROCESSING', 'COMPLETED'].includes(batch.status)) {
            item.approved = true;
            return true;
          } else return unexpected('A payroll', { status: 200, body: batch });
        }
      },
    };
  };

  /** Carries every unfinished piece of work on; during a round the kill cuts it short. */
  const advanceAll = async () => {
    try {
      await manager.signIn();
      await admin.signIn();
    } catch (error) {
      if (error instanceof Unanswered) return;
      throw error;
    }
    const left = works.splice(0);
    await Promise.all(
      left.map(async (work) => {
        try {
          if (!(await work.advance())) works.push(work);
        } catch (error) {
          if (!(error instanceof Unanswered)) errors.push(String(error));
          works.push(work);
        }
      }),
    );
  };

  const killsDuring: Record<JobKind, number> = {
    'bank-rail': 0,
    'order-expiry': 0,
    'activation-mail': 0,
    'batch-processing': 0,
  };
  for (let round = 0; round < options.kills; round++) {
    await server.start();
    works.push(cashOut(), cashOut(), cashOut(), link(), link(), member(), member(), payroll(round));
    const advancing = advanceAll();
    // Every other round dies under the clients' calls; the others once the calls have their
    // answers, while the jobs take the work up.
    if (round % 2 === 1) await advancing;
    await sleep(Math.floor(random() * options.maxKillDelayMs));
    await server.kill();
    await advancing;
    // With the server down: what is in flight for each kind, and time passing for the links.
    await withFaultDatabase(target, async (db) => {
      const pending = await pendingWork(db, { cashOuts, links, members, payrolls });
      for (const kind of Object.keys(killsDuring) as JobKind[]) if (pending[kind] > 0) killsDuring[kind]++;
      await expireLinks(db, links);
    });
  }

  await server.start();
  for (let attempt = 0; works.length > 0; attempt++) {
    if (attempt === 100 || errors.length > 0)
      throw new Error(`The clients' work did not finish: ${errors.join('; ')}`);
    await advanceAll();
  }
  await untilDone(server, manager, { cashOuts, links, members, payrolls });
  await server.stop();

  return withFaultDatabase(target, async (db) => {
    const findings = await jobFindings(
      db,
      world,
      { run, since },
      { cashOuts, links, members, payrolls },
      before,
    );
    return {
      kills: options.kills,
      killsDuring,
      ...findings,
      errors,
      seconds: (performance.now() - started) / 1000,
    };
  });
}

interface CashOut {
  key: string;
  amount: number;
  /** The transfer made, or refused (422): the answer came. */
  id?: string;
  refused?: boolean;
}

interface Payroll {
  key: string;
  id?: number;
  /** Approved (the client's part done); paying it is the jobs'. */
  approved?: boolean;
}

interface Made {
  cashOuts: { amount: number; id?: string }[];
  links: { id?: string }[];
  members: { email: string }[];
  payrolls: Payroll[];
}

const ids = <T>(values: (T | undefined)[]) => values.filter((v): v is T => v !== undefined);

/** How much of each kind's work the jobs have still to do. */
async function pendingWork(db: Db, made: Made): Promise<Record<JobKind, number>> {
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
async function expireLinks(db: Db, links: { id?: string }[]) {
  const orders = ids(links.map((l) => l.id));
  if (orders.length === 0) return;
  await sql`update orders set expires_at = now() - interval '1 minute'
             where id in (${sql.join(orders)}) and status = 'RECEIVED'`.execute(db);
}

/** Polls what users see until every job is done: cash-outs completed, links expired, mails kept, payrolls paid. */
async function untilDone(server: FaultServer, manager: Browser, made: Made) {
  let unfinished: string[] = [];
  // The mail queue takes one job per poll (two seconds): after twenty kills, minutes of work.
  for (const deadline = Date.now() + 600_000; Date.now() < deadline;) {
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

async function jobFindings(
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

/** A short random name for a run's rows (payees, emails, descriptions). */
export const runName = () => randomBytes(3).toString('hex');
