import type { Db } from '../../db/transaction.ts';
import type { MailStatus } from '../../db/schema-staff.ts';

export async function insertActivation(
  db: Db,
  activation: { userId: number; merchantId: number; createdBy: number },
): Promise<string> {
  const row = await db
    .insertInto('staff_activations')
    .values({
      user_id: activation.userId,
      merchant_id: activation.merchantId,
      created_by: activation.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertActivationMail(db: Db, activationId: string, to: string): Promise<string> {
  const row = await db
    .insertInto('mail_outbox')
    .values({ kind: 'staff-activation', to_address: to, activation_id: activationId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Links not used yet stop working: the user was deleted, or registered again with a new link. */
export async function deleteOpenActivations(db: Db, userId: number) {
  await db
    .deleteFrom('staff_activations')
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/**
 * Takes a pending message for one delivery attempt (counted), with what its text needs; undefined
 * when it was delivered already or is not pending.
 */
export async function claimMail(db: Db, outboxId: string) {
  const claimed = await db
    .updateTable('mail_outbox')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', outboxId)
    .where('status', '=', 'PENDING')
    .returning(['id', 'attempts'])
    .executeTakeFirst();
  if (!claimed) return undefined;
  const details = await db
    .selectFrom('mail_outbox as o')
    .innerJoin('staff_activations as a', 'a.id', 'o.activation_id')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .innerJoin('merchants as mer', 'mer.id', 'a.merchant_id')
    .leftJoin('memberships as m', (join) =>
      join.onRef('m.user_id', '=', 'a.user_id').onRef('m.merchant_id', '=', 'a.merchant_id'),
    )
    .leftJoin('roles as r', 'r.id', 'm.role_id')
    .select([
      'o.to_address',
      'a.id as activation_id',
      'a.used_at',
      'u.display_name',
      'mer.name as merchant_name',
      'r.name as role_name',
    ])
    .where('o.id', '=', outboxId)
    .executeTakeFirst();
  return details && { ...details, attempts: claimed.attempts };
}

export async function setActivationToken(db: Db, activationId: string, tokenHash: string, expiresAt: Date) {
  await db
    .updateTable('staff_activations')
    .set({ token_hash: tokenHash, expires_at: expiresAt })
    .where('id', '=', activationId)
    .where('used_at', 'is', null)
    .execute();
}

export async function markMail(
  db: Db,
  outboxId: string,
  change: { status: MailStatus; deliveredAt?: Date; error?: string },
) {
  await db
    .updateTable('mail_outbox')
    .set({
      status: change.status,
      delivered_at: change.deliveredAt ?? null,
      last_error: change.error ?? null,
    })
    .where('id', '=', outboxId)
    .execute();
}

export async function insertDevMail(
  db: Db,
  mail: { to: string; subject: string; text: string; link: string | null },
) {
  await db
    .insertInto('dev_mailbox')
    .values({ to_address: mail.to, subject: mail.subject, text_body: mail.text, link: mail.link })
    .execute();
}

export function listDevMail(db: Db, limit: number) {
  return db
    .selectFrom('dev_mailbox')
    .select(['id', 'to_address', 'subject', 'text_body', 'link', 'created_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** A link that can still be used: not used, not expired, its user still exists. */
export function findUsableActivation(db: Db, tokenHash: string, now: Date) {
  return db
    .selectFrom('staff_activations as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.id', 'a.user_id', 'u.email', 'u.display_name', 'u.auth_id'])
    .where('a.token_hash', '=', tokenHash)
    .where('a.used_at', 'is', null)
    .where('a.expires_at', '>', now)
    .executeTakeFirst();
}

/** Uses a link once: only the first of two simultaneous submissions gets true. */
export async function useActivation(db: Db, activationId: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('staff_activations')
    .set({ used_at: now })
    .where('id', '=', activationId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string) {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

/** Messages still to deliver, oldest first. */
export async function findPendingMail(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select('id')
    .where('status', '=', 'PENDING')
    .orderBy('id')
    .limit(1000)
    .execute();
  return rows.map((row) => row.id);
}
