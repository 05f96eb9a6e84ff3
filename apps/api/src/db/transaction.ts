import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/**
 * The database or a transaction of it (a `Transaction` is a `Kysely`). Every service and repository
 * function takes one as its first parameter (ADR 009), so it runs in whatever transaction its
 * caller has open.
 */
export type Db = Kysely<Database>;

/** Runs `work` inside the caller's transaction when `db` is one, else in a new transaction. */
export function inTransaction<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
}
