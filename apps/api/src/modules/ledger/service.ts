import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { MESSAGES } from '@lynk/contract/messages';
import { applyBalanceDelta, insertEntry, insertPostings, type PostingInput } from './repository.ts';

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
 * Posts one balanced journal entry inside the caller's transaction: the postings sum to zero per
 * currency, every touched balance moves by exactly its postings, and a wallet that would go below
 * zero aborts the whole entry (the caller's transaction rolls back).
 */
export async function postEntry(trx: Transaction<Database>, entry: EntryInput): Promise<string> {
  if (entry.postings.length < 2) throw new Error('A journal entry needs at least two postings');
  const sums = new Map<string, bigint>();
  for (const p of entry.postings) {
    if (p.amount === 0n) throw new Error('A posting cannot be zero');
    sums.set(p.currency, (sums.get(p.currency) ?? 0n) + p.amount);
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0n) throw new Error(`Unbalanced entry: ${currency} postings sum to ${sum}`);
  }
  const entryId = await insertEntry(trx, {
    kind: entry.kind,
    transferId: entry.transferId ?? null,
    description: entry.description ?? '',
    ...(entry.createdAt ? { createdAt: entry.createdAt } : {}),
  });
  await insertPostings(trx, entryId, entry.postings, entry.createdAt);
  // Lock rows in id order so two entries touching the same accounts cannot deadlock.
  const ordered = [...entry.postings].sort((a, b) => a.accountId - b.accountId);
  for (const p of ordered) {
    if (!(await applyBalanceDelta(trx, p.accountId, p.currency, p.amount))) throw insufficientFunds();
  }
  return entryId;
}
