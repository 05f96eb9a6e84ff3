import type { Transfer } from '@lynk/contract/transfers';
import { findRailTransfer, listAccounts, postTransfer } from '../account/index.ts';
import type { EngineOutcome } from '../ledger/index.ts';
import type { ProcessingDeps } from './processing-deps.ts';
import { findOrganizationOf, recordCashIn, type BatchToProcess } from './processing-repository.ts';

/** Where a bank-funded batch's money is: in the wallet, still at the bank, or not coming. */
export type BankFunding = { state: 'funded' } | { state: 'waiting' } | { state: 'failed' };

/** A cash-in key outlives any wait on the rail; the batch records the transfer's id at once anyway. */
const CASH_IN_KEY_DAYS = 30;

/**
 * A batch paid from the merchant's bank account (spec section 4): its total is cashed in to the
 * main wallet first, as a bank cash-in on the rail like any other (the daily cash-in limit
 * applies), under a key of the batch's own so a rerun never cashes in twice. The payees are paid
 * from the wallet once the bank completes it. A cash-in refused (no `cash_in_id`) or failed by
 * the bank fails the batch with "Cash in is unavailable at this time."
 */
export async function fundFromBank(deps: ProcessingDeps, batch: BatchToProcess): Promise<BankFunding> {
  const { db } = deps;
  const now = deps.now();
  let transferId = batch.cash_in_id;
  if (!transferId) {
    transferId = await cashIn(deps, batch, now);
    if (!transferId) return { state: 'failed' };
    await recordCashIn(db, batch.id, transferId, now);
  }
  const transfer = await findRailTransfer(db, transferId);
  if (transfer?.status === 'COMPLETED') return { state: 'funded' };
  if (!transfer || transfer.status === 'FAILED') return { state: 'failed' };
  return { state: 'waiting' };
}

async function cashIn(deps: ProcessingDeps, batch: BatchToProcess, now: Date): Promise<string | null> {
  const { db, ledger } = deps;
  const accounts = await listAccounts(db, batch.merchant_id);
  const walletId = accounts.find((account) => account.type === 'LYNK')?.id;
  const bankId = accounts.find((a) => a.id === batch.account_id && a.type === 'BANK_ACCOUNT')?.id;
  if (walletId === undefined || bankId === undefined) return null;
  const [wallet, counterpart] = await ledger.accounts([walletId, bankId]);
  const actor = {
    merchantId: batch.merchant_id,
    userId: batch.reviewed_by!,
    organizationId: await findOrganizationOf(db, batch.merchant_id),
    ip: null,
    now,
    railStepSeconds: deps.railStepSeconds,
  };
  const input = {
    transfer_type: 'CASH_IN',
    account_type: 'BANK_ACCOUNT',
    account_id: bankId,
    amount: Number(batch.total),
  } as const;
  const outcome = await postTransfer(ledger, actor, { wallet: wallet!, counterpart: counterpart! }, input, {
    scope: 'batch-cash-in',
    key: String(batch.id),
    requestHash: `batch-cash-in:${batch.id}`,
    expiresAt: new Date(now.getTime() + CASH_IN_KEY_DAYS * 86_400_000),
  });
  return madeTransferId(outcome);
}

/** The cash-in's transfer id, whether made now or by an earlier run (the key's stored answer). */
function madeTransferId(outcome: EngineOutcome): string | null {
  if (outcome.outcome === 'accepted') return outcome.transferId;
  if (outcome.outcome === 'replayed' && outcome.statusCode === 201) {
    return (outcome.body as { data: Transfer }).data.transfer_id;
  }
  return null;
}
