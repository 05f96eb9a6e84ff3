import type { Db } from '../../db/transaction.ts';
import { accountFactsCache, type AccountFacts } from './account-facts.ts';
import type { EngineOutcome, PostingRequest } from './engine-types.ts';
import { internalAccountDirectory, type InternalAccountKey } from './internal-accounts.ts';
import { type BatchObserver, createLedgerWriter } from './writer.ts';

/**
 * The ledger engine as services see it: every money movement is a `PostingRequest` posted through
 * one writer per shard (ADR 020). Reads go through the ordinary `db`.
 */
export interface Ledger {
  post(request: PostingRequest): Promise<EngineOutcome>;
  /** Whose each account is, its type, currency and label (cached: ADR 020). */
  accounts(accountIds: number[]): Promise<Array<AccountFacts | undefined>>;
  /** The id of an internal account's sub-account for this merchant's shard. */
  internalAccount(key: InternalAccountKey, merchantId: number | null): Promise<number>;
  /** Resolves once everything queued has been posted. */
  drain(): Promise<void>;
}

/**
 * `db` serves the engine's reads. `writerDb` is where batches are posted: on PostgreSQL the
 * engine's own pool (a connection per writer, so reads never hold one up), embedded the one
 * connection everyone shares; `writers` is how many batches may commit side by side. `observer`
 * hears each batch's size and commit time (the server's metrics; the engine imports no plugin).
 */
export function createLedger(
  db: Db,
  options: { writers?: number; writerDb?: Db; observer?: BatchObserver } = {},
): Ledger {
  const writer = createLedgerWriter(options.writerDb ?? db, {
    writers: options.writers ?? 1,
    observer: options.observer,
  });
  const internalAccount = internalAccountDirectory(db);
  return { post: writer.post, drain: writer.drain, internalAccount, accounts: accountFactsCache(db) };
}
