import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/transaction.ts';
import { inTransaction } from '../../db/transaction.ts';
import { hashToken } from '../../lib/token-hash.ts';
import { recordAudit } from '../audit/index.ts';
import { activationEmail } from './activation-email.ts';
import {
  claimMail,
  findUsableActivation,
  insertActivation,
  insertActivationMail,
  listDevMail,
  markMail,
  setActivationToken,
  setPasswordHash,
  useActivation,
} from './activation-repository.ts';
import type { Mailer } from './mailer.ts';

/** How long an activation link works (docs/decisions/028). */
export const ACTIVATION_VALID_HOURS = 48;
/** Delivery attempts before a message is given up as FAILED (the queue retries in between). */
export const MAX_MAIL_ATTEMPTS = 5;

/** The path of the activation page at the identity provider; the token follows it. */
export const ACTIVATION_PATH = '/oidc/activate';

/** Queues a new staff member's activation email, in the caller's transaction. Returns the outbox id. */
export async function queueActivation(
  db: Db,
  input: { userId: number; merchantId: number; createdBy: number; email: string },
): Promise<string> {
  const activationId = await insertActivation(db, input);
  return insertActivationMail(db, activationId, input.email);
}

export type DeliveryOutcome = 'SENT' | 'KEPT' | 'WAITING' | 'SKIPPED';

/**
 * Delivers one queued activation email. The link's token is minted here, at delivery, and only
 * its hash is stored: the outbox never holds a usable link. Each attempt mints a new token, so a
 * retried message leaves only its last link working. Without a mailer (production without SMTP)
 * the message waits. A failure is recorded and thrown for the queue to retry, up to
 * MAX_MAIL_ATTEMPTS, after which the message is FAILED.
 */
export async function deliverActivationMail(
  db: Db,
  outboxId: string,
  deps: { mailer: Mailer | null; publicUrl: string; now: Date },
): Promise<DeliveryOutcome> {
  if (!deps.mailer) return 'WAITING';
  const mail = await claimMail(db, outboxId);
  if (!mail) return 'SKIPPED';
  if (mail.used_at) {
    await markMail(db, outboxId, { status: 'FAILED', error: 'The account was activated already.' });
    return 'SKIPPED';
  }
  const { now } = deps;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ACTIVATION_VALID_HOURS * 60 * 60 * 1000);
  await setActivationToken(db, mail.activation_id, hashToken(token), expiresAt);
  const message = activationEmail({
    to: mail.to_address,
    displayName: mail.display_name,
    merchantName: mail.merchant_name,
    roleName: mail.role_name,
    link: `${deps.publicUrl}${ACTIVATION_PATH}/${token}`,
    validHours: ACTIVATION_VALID_HOURS,
  });
  try {
    const status = await deps.mailer.deliver(db, message);
    await markMail(db, outboxId, { status, deliveredAt: now });
    return status;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const status = mail.attempts >= MAX_MAIL_ATTEMPTS ? 'FAILED' : 'PENDING';
    await markMail(db, outboxId, { status, error: reason.slice(0, 500) });
    throw error;
  }
}

/** The demo mailbox's newest messages, for its viewer (dev-mail-routes.ts). */
export function devMailbox(db: Db, shown: number) {
  return listDevMail(db, shown);
}

/** Who an activation link is for, while it can still be used; null otherwise. */
export async function readActivation(db: Db, token: string, now: Date) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  return (await findUsableActivation(db, hashToken(token), now)) ?? null;
}

/**
 * Sets the password through a link and uses the link up, in one transaction; false when the
 * link was used (even a moment ago, by a second submission) or has expired.
 */
export async function completeActivation(
  db: Db,
  input: { token: string; passwordHash: string; now: Date; ip: string },
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const activation = await readActivation(trx, input.token, input.now);
    if (!activation || !(await useActivation(trx, activation.id, input.now))) return false;
    await setPasswordHash(trx, activation.user_id, input.passwordHash);
    await recordAudit(trx, {
      actorUserId: activation.user_id,
      organizationId: null,
      action: 'staff.activated',
      subject: activation.auth_id,
      ip: input.ip,
    });
    return true;
  });
}
