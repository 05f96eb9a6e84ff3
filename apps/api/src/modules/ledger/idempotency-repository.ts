import type { Db } from '../../db/transaction.ts';

export async function deleteKeysExpiredBy(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('expires_at', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Claims a key; false when it was claimed before (the caller reads the stored answer then). */
export async function claimKey(
  db: Db,
  claim: { scope: string; key: string; requestHash: string; expiresAt: Date },
): Promise<boolean> {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({
      scope: claim.scope,
      key: claim.key,
      request_hash: claim.requestHash,
      expires_at: claim.expiresAt,
    })
    .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return inserted !== undefined;
}

export function findKey(db: Db, scope: string, key: string) {
  return db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'status_code', 'response_body'])
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirst();
}

export async function storeAnswer(db: Db, scope: string, key: string, statusCode: number, body: unknown) {
  await db
    .updateTable('idempotency_keys')
    .set({ status_code: statusCode, response_body: JSON.stringify(body) as never })
    .where('scope', '=', scope)
    .where('key', '=', key)
    .execute();
}
