import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** Runs `work` inside the caller's transaction when `db` is one, else in a new transaction. */
export function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
}
