import { MESSAGES } from '@lynk/contract/messages';
import { inTransaction, type Db } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  applyBalanceDelta,
  findAccountBalance,
  insertEntry,
  insertPostings,
  queryLedgerInvariants,
  type PostingInput,
} from './repository.ts';

export type { PostingInput } from './repository.ts';

export interface EntryInput {
  kind: string;
  transferId?: string | null;
  description?: string;
  postings: PostingInput[];
  createdAt?: Date;
}

export const insufficientFunds = () =>
  new AppError('INSUFFICIENT_FUNDS', 422, MESSAGES.transfer.insufficientFunds);

/**
 * Posts one balanced journal entry inside the caller's transaction (or its own): the postings sum
 * to zero per currency, every touched balance moves by exactly its postings, and a wallet that
 * would go below zero aborts the whole entry. The database checks the same rules again (migration
 * 0004), so a bug here surfaces as an error, never as a wrong balance.
 */
export async function postEntry(db: Db, entry: EntryInput): Promise<string> {
  if (entry.postings.length < 2) throw new Error('A journal entry needs at least two postings');
  const sums = new Map<string, bigint>();
  for (const p of entry.postings) {
    if (p.amount === 0n) throw new Error('A posting cannot be zero');
    sums.set(p.currency, (sums.get(p.currency) ?? 0n) + p.amount);
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0n) throw new Error(`Unbalanced entry: ${currency} postings sum to ${sum}`);
  }
  return inTransaction(db, async (trx) => {
    const entryId = await insertEntry(trx, {
      kind: entry.kind,
      transferId: entry.transferId ?? null,
      description: entry.description ?? '',
      ...(entry.createdAt ? { createdAt: entry.createdAt } : {}),
    });
    await insertPostings(trx, entryId, entry.postings, entry.createdAt);
    // Lock order (ADR 008): account rows by ascending id, after any limit row the caller holds.
    const ordered = [...entry.postings].sort((a, b) => a.accountId - b.accountId);
    for (const p of ordered) {
      if (await applyBalanceDelta(trx, p.accountId, p.currency, p.amount)) continue;
      const account = await findAccountBalance(trx, p.accountId);
      // Only a real shortfall is the caller's problem; a missing account or a currency mismatch
      // is a bug and must surface as a 500 (and an error log), never as "insufficient funds".
      if (account?.currency !== p.currency) {
        throw new Error(
          `Posting to account ${p.accountId} in ${p.currency}: no such account in that currency`,
        );
      }
      throw insufficientFunds();
    }
    return entryId;
  });
}

/** Ledger-wide checks (every entry balanced, balances equal to postings, no wallet below zero). */
export function ledgerInvariants(db: Db) {
  return queryLedgerInvariants(db);
}
