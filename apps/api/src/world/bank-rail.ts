import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '@lynk/contract/messages';
import type { TransferStatus } from '../db/schema.ts';
import type { Db } from '../db/transaction.ts';
import { findRailTransfer, listDueRailTransfers, type RailTransfer } from '../modules/account/index.ts';
import { DEFAULT_LIMITS, type Ledger, type PostingRequest } from '../modules/ledger/index.ts';

/** How many due transfers one pass of the rail takes up (the engine batches them). */
const RAIL_BATCH = 1000;

/**
 * The simulated bank rail: a bank transfer is SCHEDULED (or PENDING, a cash-in), then TRANSMITTED
 * to the bank, then COMPLETED — or FAILED with the money and the limit given back, for a bank
 * account flagged to fail. Like a bank's file runs, the rail takes up every transfer that is due
 * (`rail_due_at`) in one pass. Each step is one engine request: the status change, the postings,
 * the limit and the audit row happen together, and only from the status the step expects, so a
 * step taken twice (two passes, two servers) changes nothing the second time.
 */
function nextRailStep(
  ledger: Ledger,
  transfer: RailTransfer,
  now: Date,
  stepSeconds: number | null,
): Promise<PostingRequest> | null {
  if (transfer.jam_dex) return null;
  if (transfer.status === 'SCHEDULED' || transfer.status === 'PENDING') {
    return Promise.resolve({
      merchantId: transfer.merchant_id,
      transition: {
        transferId: transfer.id,
        from: transfer.status,
        to: 'TRANSMITTED',
        at: now,
        railDueAt: stepSeconds === null ? null : new Date(now.getTime() + stepSeconds * 1000),
      },
    });
  }
  if (transfer.status !== 'TRANSMITTED') return null;
  return settle(ledger, transfer, now);
}

async function settle(ledger: Ledger, transfer: RailTransfer, now: Date): Promise<PostingRequest> {
  const bankSettlement = await ledger.internalAccount('bankSettlement', transfer.merchant_id);
  const amount = BigInt(transfer.amount);
  const wallet = transfer.wallet_account_id;
  const base = { merchantId: transfer.merchant_id };
  const transition = { transferId: transfer.id, from: 'TRANSMITTED' as const, at: now, railDueAt: null };
  const bankToWallet = (kind: string, description: string) => ({
    kind,
    description,
    createdAt: now,
    postings: [
      { accountId: bankSettlement, currency: 'JMD' as const, amount: -amount },
      { accountId: wallet, currency: 'JMD' as const, amount },
    ],
  });

  if (transfer.simulate_failure) {
    return {
      ...base,
      transition: {
        ...transition,
        to: 'FAILED',
        failureReason: MESSAGES.transactionStatus.transferFailedDescription,
      },
      ...(transfer.limit_type && transfer.limit_period_start
        ? {
            limit: {
              accountId: wallet,
              type: transfer.limit_type,
              periodStart: transfer.limit_period_start,
              amount: -amount,
              defaultCap: DEFAULT_LIMITS[transfer.limit_type],
            },
          }
        : {}),
      // A cash-out's money waited at bank settlement: it goes back to the wallet.
      ...(transfer.direction === 'CASH_OUT'
        ? { entry: bankToWallet('BANK_RETURN', `Returned: ${transfer.to_label}`) }
        : {}),
      audit: { actorUserId: null, organizationId: transfer.organization_id, action: 'transfer.failed' },
    };
  }
  return {
    ...base,
    transition: { ...transition, to: 'COMPLETED', completedAt: now },
    // A cash-in is credited when the bank has paid it.
    ...(transfer.direction === 'CASH_IN'
      ? { entry: bankToWallet('BANK_TO_WALLET', `${transfer.from_label} → ${transfer.to_label}`) }
      : {}),
    audit: { actorUserId: null, organizationId: transfer.organization_id, action: 'transfer.completed' },
  };
}

/** Moves one bank transfer a step now, due or not (the demo seed, tests). Answers its new status. */
export async function advanceBankTransfer(
  db: Db,
  ledger: Ledger,
  transferId: string,
  now: Date,
  stepSeconds: number | null = null,
): Promise<TransferStatus | null> {
  const transfer = await findRailTransfer(db, transferId);
  const request = transfer && (await nextRailStep(ledger, transfer, now, stepSeconds));
  if (!request?.transition) return null;
  const outcome = await ledger.post(request);
  return outcome.outcome === 'accepted' ? request.transition.to : null;
}

/**
 * One pass of the rail: every transfer due by `now` moves one step (up to RAIL_BATCH of them; the
 * caller runs passes until fewer come back). Answers how many moved.
 */
export async function runBankRail(db: Db, ledger: Ledger, stepSeconds: number, now: Date) {
  const due = await listDueRailTransfers(db, now, RAIL_BATCH);
  const outcomes = await Promise.all(
    due.map(async (transfer) => {
      const request = await nextRailStep(ledger, transfer, now, stepSeconds);
      return request ? (await ledger.post(request)).outcome : 'stale';
    }),
  );
  return { due: due.length, moved: outcomes.filter((o) => o === 'accepted').length };
}

/**
 * Runs the rail every step (at least every second) until stopped: each run takes up everything due,
 * a thousand at a time. Nothing lives in memory between runs: what is due is in `rail_due_at`,
 * so a restart carries on where the last run stopped, and two servers running it step nothing twice.
 */
function startBankRail(
  db: Db,
  ledger: Ledger,
  stepSeconds: number,
  clock: () => Date,
  onError: (error: unknown) => void,
): { stop(): Promise<void> } {
  const periodMs = Math.max(1, stepSeconds) * 1000;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout;
  const run = async () => {
    try {
      for (;;) {
        const pass = await runBankRail(db, ledger, stepSeconds, clock());
        if (stopped || pass.due < RAIL_BATCH || pass.moved === 0) break;
      }
    } catch (error) {
      onError(error);
    } finally {
      if (!stopped) timer = setTimeout(() => (running = run()), periodMs);
    }
  };
  timer = setTimeout(() => (running = run()), periodMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/**
 * The rail beside the background jobs, registered after the modules' jobs so that it stops
 * before the job queue does (Fastify closes the last registered first, ADR 044).
 */
export const bankRailPlugin = fp(async function bankRail(
  app: FastifyInstance,
  opts: { stepSeconds: number },
) {
  const rail = startBankRail(app.db, app.ledger, opts.stepSeconds, app.clock, (error) =>
    app.log.error({ err: error }, 'bank rail run failed'),
  );
  app.addHook('onClose', () => rail.stop());
});
