import { MESSAGES } from '@lynk/contract/messages';
import type { Db } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import type { PostingInput } from './engine-types.ts';
import type { Ledger } from './ledger.ts';
import { countLedgerViolations, sumPostingsPerCurrency, type LedgerCheck } from './repository.ts';

export interface EntryInput {
  kind: string;
  description?: string;
  postings: PostingInput[];
  createdAt: Date;
  /** Whose shard posts it (null: the provider's own money). */
  merchantId?: number | null;
}

export const insufficientFunds = () =>
  new AppError('INSUFFICIENT_FUNDS', 422, MESSAGES.transfer.insufficientFunds);

/**
 * Posts one balanced journal entry on its own (opening balances, payments of the simulated
 * world). A wallet that would go below zero refuses it with INSUFFICIENT_FUNDS; an unbalanced
 * entry or a posting to a missing account is a bug, and the engine raises. Answers the entry's id.
 */
export async function postEntry(ledger: Ledger, entry: EntryInput): Promise<string> {
  const outcome = await ledger.post({
    merchantId: entry.merchantId ?? null,
    entry: {
      kind: entry.kind,
      description: entry.description ?? '',
      createdAt: entry.createdAt,
      postings: entry.postings,
    },
    refusals: { INSUFFICIENT_FUNDS: { statusCode: 422, body: insufficientFunds().body() } },
  });
  if (outcome.outcome === 'refused') throw insufficientFunds();
  if (outcome.outcome !== 'accepted' || outcome.entryId === null) {
    throw new Error(`Posting an entry ended ${outcome.outcome}`);
  }
  return outcome.entryId;
}

export interface LedgerVerification {
  ok: boolean;
  violations: Record<LedgerCheck, number>;
  /** Every currency's postings sum to zero: money is only ever moved, never made. */
  totalsPerCurrency: Record<string, bigint>;
}

/**
 * Recomputes the ledger from its postings and checks every rule (`npm run ledger:verify`, the
 * scheduled check, and every test and benchmark that moves money).
 */
export async function verifyLedger(db: Db): Promise<LedgerVerification> {
  const [violations, totalsPerCurrency] = await Promise.all([
    countLedgerViolations(db),
    sumPostingsPerCurrency(db),
  ]);
  const ok =
    Object.values(violations).every((n) => n === 0) &&
    Object.values(totalsPerCurrency).every((total) => total === 0n);
  return { ok, violations, totalsPerCurrency };
}
