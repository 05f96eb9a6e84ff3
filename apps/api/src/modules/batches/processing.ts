import { paymentHistoryPath } from '@lynk/contract/batches';
import { MESSAGES, PRODUCT_MESSAGES } from '@lynk/contract/messages';
import { formatCents } from '@lynk/contract/money';
import type { BatchStatus } from '../../db/schema-batches.ts';
import { inTransaction, type Db } from '../../db/transaction.ts';
import type { StartedByRequest } from '../../lib/job-log.ts';
import { listAccounts } from '../account/index.ts';
import { recordAudit } from '../audit/index.ts';
import { DEFAULT_LIMITS, periodStart, type PostingRequest } from '../ledger/index.ts';
import { fundFromBank, type BankFunding } from './funding.ts';
import type { ProcessingDeps } from './processing-deps.ts';
import {
  countPaidPayees,
  failPayee,
  failRemainingPayees,
  findOrganizationOf,
  findPayablePayees,
  finishBatch,
  payeeTotals,
  startProcessing,
  touchBatch,
  type BatchToProcess,
  type PayablePayee,
} from './processing-repository.ts';
import { payeeFees } from './rows.ts';
import { insertNotification } from './transition-repository.ts';

/** The queue an approved batch is sent to; its handler pays the payees (spec section 4). */
export const PROCESS_BATCH_JOB = 'batch-process';
export interface ProcessBatchJob extends StartedByRequest {
  batchId: number;
}

/** Payees read and handed to the ledger writer at a time (it posts them in engine batches). */
const CHUNK_PAYEES = 2000;

/** What a run ended in: the batch's final status, or WAITING while its cash-in is on the bank rail. */
export type ProcessingResult = BatchStatus | 'WAITING' | null;

/**
 * Pays an approved batch (ADR 023). Each payee is one request to the ledger engine, which locks
 * the payee row and pays it only while VALID, moving it to PAID (or FAILED with the refusal) in
 * the statement that moves the money: a crash at any point loses nothing and a rerun, or two runs
 * at once, pay nobody twice. The weekly batch limit and the wallet's balance are checked payee by
 * payee. A bank-funded batch first cashes its total in and waits for the bank. Answers what the
 * run ended in, or null when the batch was not the processing's (not APPROVED or PROCESSING).
 */
export async function processBatch(deps: ProcessingDeps, batchId: number): Promise<ProcessingResult> {
  const { db, now } = deps;
  const started = now();
  const batch = await startProcessing(db, batchId, periodStart(started, 2), started);
  if (!batch) return null;

  const problem = await totalsProblem(db, batch);
  if (problem) return failBatch(deps, batch, problem);
  if (batch.account_type === 'BANK_ACCOUNT') {
    const funding: BankFunding = await fundFromBank(deps, batch);
    if (funding.state === 'waiting') {
      // Touched, so the sweep for lost runs leaves it to the job that queued itself again.
      await touchBatch(db, batch.id, now());
      return 'WAITING';
    }
    if (funding.state === 'failed') return failBatch(deps, batch, MESSAGES.batch.cashInUnavailable);
  }
  await payPayees(deps, batch);
  return finish(deps, batch);
}

/** The payees' rows must still add up to the totals the approver saw, or nobody is paid. */
async function totalsProblem(db: Db, batch: BatchToProcess): Promise<string | null> {
  const totals = await payeeTotals(db, batch.id);
  const same =
    totals.count === batch.payee_count &&
    totals.subtotal === BigInt(batch.subtotal) &&
    totals.fee === BigInt(batch.lynk_fee) &&
    totals.gct === BigInt(batch.lynk_fee_gct);
  return same ? null : PRODUCT_MESSAGES.batchTotalsChanged;
}

async function payPayees(deps: ProcessingDeps, batch: BatchToProcess) {
  const { db, ledger, now } = deps;
  const wallet = (await listAccounts(db, batch.merchant_id)).find((account) => account.type === 'LYNK');
  if (!wallet) throw new Error(`Merchant ${batch.merchant_id} has no main wallet`);
  const [fees, gct] = await Promise.all([
    ledger.internalAccount('fees', batch.merchant_id),
    ledger.internalAccount('gctPayable', batch.merchant_id),
  ]);
  const schedule = { basisPoints: batch.fee_basis_points, fixedCents: BigInt(batch.fee_fixed_cents) };
  const accounts = { wallet: wallet.id, fees, gct };
  let afterRow = 0;
  for (;;) {
    const payees = await findPayablePayees(db, batch.id, afterRow, CHUNK_PAYEES);
    if (payees.length === 0) return;
    const at = now();
    await Promise.all(
      payees.map(async (payee) => {
        // The fee is charged as priced, re-worked out from the schedule the batch was priced with.
        const expected = payeeFees(BigInt(payee.amount), schedule);
        if (expected.fee !== BigInt(payee.fee) || expected.gct !== BigInt(payee.gct)) {
          return failPayee(db, batch.id, payee.row_number, PRODUCT_MESSAGES.batchPayeeFeeChanged);
        }
        await ledger.post(payeeRequest(batch, accounts, payee, at));
      }),
    );
    afterRow = payees.at(-1)!.row_number;
    await touchBatch(db, batch.id, now());
  }
}

/** Refusals are recorded on the payee row as its error: the messages staff would read. */
const PAYEE_REFUSALS = {
  INSUFFICIENT_FUNDS: {
    statusCode: 422,
    body: { code: 'INSUFFICIENT_FUNDS', message: MESSAGES.transfer.insufficientBalance },
  },
  DAILY_LIMIT_EXCEEDED: {
    statusCode: 422,
    body: { code: 'WEEKLY_LIMIT_EXCEEDED', message: MESSAGES.batch.weeklyLimitAdmin('{remaining}') },
  },
};

/** One payee paid: the wallet gives amount, fee and GCT; the payee, Lynk and the tax account receive them. */
export function payeeRequest(
  batch: Pick<BatchToProcess, 'id' | 'merchant_id' | 'limit_period_start'>,
  accounts: { wallet: number; fees: number; gct: number },
  payee: PayablePayee,
  at: Date,
): PostingRequest {
  const amount = BigInt(payee.amount);
  const fee = BigInt(payee.fee);
  const gct = BigInt(payee.gct);
  const total = amount + fee + gct;
  return {
    merchantId: batch.merchant_id,
    limit: {
      accountId: accounts.wallet,
      type: 'MBATCH',
      periodStart: batch.limit_period_start!,
      amount: total,
      defaultCap: DEFAULT_LIMITS.MBATCH,
    },
    payee: { batchId: batch.id, rowNumber: payee.row_number, at },
    entry: {
      kind: 'BATCH_PAYOUT',
      description: `Batch ${batch.id}, row ${payee.row_number}: ${payee.lynk_id}`,
      createdAt: at,
      postings: [
        { accountId: accounts.wallet, currency: 'JMD', amount: -total },
        { accountId: payee.account_id, currency: 'JMD', amount },
        ...(fee > 0n ? [{ accountId: accounts.fees, currency: 'JMD' as const, amount: fee }] : []),
        ...(gct > 0n ? [{ accountId: accounts.gct, currency: 'JMD' as const, amount: gct }] : []),
      ],
    },
    refusals: PAYEE_REFUSALS,
  };
}

async function failBatch(deps: ProcessingDeps, batch: BatchToProcess, reason: string) {
  await failRemainingPayees(deps.db, batch.id, reason);
  return finish(deps, batch, reason);
}

const OUTCOMES = {
  COMPLETED: {
    code: 'BATCH_DISBURSE_FUNDS_PROCESSED',
    title: PRODUCT_MESSAGES.batchProcessedTitle,
    body: PRODUCT_MESSAGES.batchProcessedBody,
  },
  COMPLETED_WITH_ERRORS: {
    code: 'BATCH_DISBURSE_FUNDS_PROCESSED_WITH_ERROR',
    title: PRODUCT_MESSAGES.batchProcessedWithErrorTitle,
    body: PRODUCT_MESSAGES.batchProcessedWithErrorBody,
  },
  FAILED: {
    code: 'BATCH_DISBURSE_FUNDS_FAILURE',
    title: PRODUCT_MESSAGES.batchFailedTitle,
    body: PRODUCT_MESSAGES.batchFailedBody,
  },
} as const;

/**
 * Once no payee is left VALID: COMPLETED (all paid), COMPLETED_WITH_ERRORS (some) or FAILED
 * (none), with its notification and audit row in the same transaction as the move, which only one
 * run can make.
 */
async function finish(deps: ProcessingDeps, batch: BatchToProcess, reason: string | null = null) {
  const { db } = deps;
  const now = deps.now();
  const { paid, unpaid } = await countPaidPayees(db, batch.id);
  if (unpaid > 0) throw new Error(`Batch ${batch.id} still has ${unpaid} payees to pay`);
  const status = paid === batch.payee_count ? 'COMPLETED' : paid === 0 ? 'FAILED' : 'COMPLETED_WITH_ERRORS';
  const outcome = OUTCOMES[status];
  const organizationId = await findOrganizationOf(db, batch.merchant_id);
  const finished = await inTransaction(db, async (trx) => {
    if (!(await finishBatch(trx, batch.id, { status, paidCount: paid, error: reason, now }))) return false;
    await insertNotification(trx, {
      merchantId: batch.merchant_id,
      code: outcome.code,
      title: outcome.title,
      body: outcome.body(batch.id, paid, batch.payee_count, formatCents(BigInt(batch.total))),
      data: { lynkRouteRedirect: paymentHistoryPath(organizationId), batch_id: batch.id },
      at: now,
    });
    await recordAudit(trx, {
      actorUserId: null,
      organizationId,
      action: 'batch.processed',
      subject: String(batch.id),
      details: { status, paid, payees: batch.payee_count, reason },
      ip: null,
    });
    return true;
  });
  return finished ? status : null;
}
