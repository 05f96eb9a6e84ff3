import { sql, type Insertable } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Db } from '../db/transaction.ts';

export type StoredKey = { request_hash: string; status_code: number | null; response_body: unknown };

/** Inserts a key unless its scope already holds it; answers whether this call took it. */
export async function insertKey(db: Db, row: Insertable<Database['idempotency_keys']>): Promise<boolean> {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values(row)
    .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return inserted !== undefined;
}

export function findKey(db: Db, scope: string, key: string): Promise<StoredKey> {
  return db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'status_code', 'response_body'])
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
}

export async function storeResponse(db: Db, scope: string, key: string, statusCode: number, body: unknown) {
  await db
    .updateTable('idempotency_keys')
    .set({ status_code: statusCode, response_body: JSON.stringify(body) })
    .where('scope', '=', scope)
    .where('key', '=', key)
    .execute();
}

/** Savepoints let a refused request undo its work but keep the key claim in one transaction. */
export async function savepoint(db: Db, name: string) {
  await sql`savepoint ${sql.id(name)}`.execute(db);
}
export async function rollbackToSavepoint(db: Db, name: string) {
  await sql`rollback to savepoint ${sql.id(name)}`.execute(db);
}
export async function releaseSavepoint(db: Db, name: string) {
  await sql`release savepoint ${sql.id(name)}`.execute(db);
}

export async function deleteKeysExpiredBy(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('expires_at', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
