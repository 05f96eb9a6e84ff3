import type { Db } from '../../db/transaction.ts';

/** Only the consumer-auth module reads customers' credentials and sessions. */

export function findConsumerByEmail(db: Db, email: string) {
  return db
    .selectFrom('consumers')
    .select(['id', 'password_hash', 'active'])
    .where('email', '=', email)
    .executeTakeFirst();
}

export async function insertConsumerSession(
  db: Db,
  session: { idHash: string; consumerId: number; now: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('consumer_sessions')
    .values({
      id_hash: session.idHash,
      consumer_id: session.consumerId,
      created_at: session.now,
      last_seen_at: session.now,
      expires_at: session.expiresAt,
    })
    .execute();
}

/**
 * The customer behind a live session (not idle since `idleCutoff`), with their J$ wallet. Only an
 * open wallet's: one closed after signing in neither pays nor declines with the session it had.
 */
export function findConsumerBySession(db: Db, idHash: string, now: Date, idleCutoff: Date) {
  return db
    .selectFrom('consumer_sessions as s')
    .innerJoin('consumers as c', 'c.id', 's.consumer_id')
    .innerJoin('accounts as a', 'a.id', 'c.wallet_account_id')
    .select(['c.id', 'c.handle', 'c.display_name', 'c.wallet_account_id', 'a.balance'])
    .where('s.id_hash', '=', idHash)
    .where('s.expires_at', '>', now)
    .where('s.last_seen_at', '>', idleCutoff)
    .where('c.active', '=', true)
    .executeTakeFirst();
}

export async function touchConsumerSession(db: Db, idHash: string, now: Date): Promise<void> {
  await db
    .updateTable('consumer_sessions')
    .set({ last_seen_at: now })
    .where('id_hash', '=', idHash)
    .execute();
}

export async function deleteConsumerSession(db: Db, idHash: string): Promise<void> {
  await db.deleteFrom('consumer_sessions').where('id_hash', '=', idHash).execute();
}

export async function deleteExpiredConsumerSessions(db: Db, now: Date, idleCutoff: Date): Promise<number> {
  const result = await db
    .deleteFrom('consumer_sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', idleCutoff)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
