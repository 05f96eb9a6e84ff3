import type { Db } from '../db/transaction.ts';

export async function deleteKeysExpiredBy(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('expires_at', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
