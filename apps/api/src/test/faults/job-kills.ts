import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { batchFile } from '../batch-world.ts';
import { Browser, newKey, Unanswered } from './http.ts';
import { ADMIN, MANAGER, waitForBatch } from './money-load.ts';
import type { FaultServer, FaultTarget } from './server.ts';
import {
  expireLinks,
  jobFindings,
  pendingWork,
  untilDone,
  type JobKind,
  type Payroll,
} from './job-outcomes.ts';
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
  /**
   * How long the last server has to finish the work, to fit the caller's time: the mail queue
   * takes one job per poll (two seconds), so twenty kills leave minutes of work.
   */
  finishWithinMs: number;
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
  await untilDone(server, manager, { cashOuts, links, members, payrolls }, options.finishWithinMs);
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

/** A short random name for a run's rows (payees, emails, descriptions). */
export const runName = () => randomBytes(3).toString('hex');
