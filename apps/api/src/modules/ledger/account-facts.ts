import type { Db } from '../../db/transaction.ts';
import { findAccountFacts, type AccountFacts } from './repository.ts';

export type { AccountFacts } from './repository.ts';

/** How long a label read from the database is used before it is read again. */
const ACCOUNT_FACTS_TTL_MS = 30_000;
const MAX_CACHED = 50_000;

/**
 * What a money movement needs to know about an account before it is queued: whose it is, its
 * type and currency (none of which ever change) and its label (which may, and is re-read after
 * 30 s). Read once and kept, so a transfer makes no database round trip before the engine's
 * (ADR 020): callers get back to the writer within the same turn and share its next batch.
 */
export function accountFactsCache(db: Db) {
  const cached = new Map<number, { facts: AccountFacts; readAt: number }>();
  return async (accountIds: number[], now = performance.now()): Promise<Array<AccountFacts | undefined>> => {
    const missing = accountIds.filter((id) => {
      const hit = cached.get(id);
      return !hit || now - hit.readAt > ACCOUNT_FACTS_TTL_MS;
    });
    if (missing.length > 0) {
      const rows = await findAccountFacts(db, missing);
      if (cached.size + rows.length > MAX_CACHED) cached.clear();
      for (const facts of rows) cached.set(facts.id, { facts, readAt: now });
      // An id that does not exist is not remembered: it may be created later.
      for (const id of missing) if (!rows.some((row) => row.id === id)) cached.delete(id);
    }
    return accountIds.map((id) => cached.get(id)?.facts);
  };
}
