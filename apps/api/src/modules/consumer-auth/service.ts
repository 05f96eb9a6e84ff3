import { randomBytes } from 'node:crypto';
import { CONSUMER_SESSION_IDLE_MINUTES, type Consumer as ConsumerDto } from '@lynk/contract/consumer';
import type { Db } from '../../db/transaction.ts';
import { hashToken } from '../../lib/token-hash.ts';
import { recordAudit } from '../audit/index.ts';
import { type AccountBackoff, decoyHash, type HashQueue, verifyPassword } from '../identity/index.ts';
import {
  deleteConsumerSession,
  deleteExpiredConsumerSessions,
  findConsumerBySession,
  findConsumerByEmail,
  insertConsumerSession,
  touchConsumerSession,
} from './repository.ts';

const IDLE_MS = CONSUMER_SESSION_IDLE_MINUTES * 60 * 1000;
/** However active, a customer signs in again after this long. */
const ABSOLUTE_MS = 12 * 60 * 60 * 1000;

/** A signed-in customer, as the pay page's calls need them. */
export interface SignedInConsumer {
  id: number;
  handle: string;
  displayName: string;
  walletAccountId: number;
  balance: bigint;
}

export function toConsumerDto(consumer: SignedInConsumer): ConsumerDto {
  return { lynk_id: consumer.handle, display_name: consumer.displayName, balance: Number(consumer.balance) };
}

/**
 * Customers' sign-in on the pay page, with the staff sign-in's defences: per-email lock-out
 * whatever the address, a bounded queue of password hashes shared with staff sign-in, and a decoy
 * hash for unknown emails so the timing reveals nothing.
 */
export function createConsumerAuth(options: { db: Db; backoff: AccountBackoff; hashQueue: HashQueue }) {
  const { db, backoff, hashQueue } = options;

  async function signIn(input: { email: string; password: string; ip: string; now: Date }) {
    const { email, password, now } = input;
    const lockedMs = await backoff.lockedFor(email, now.getTime());
    if (lockedMs > 0) return { kind: 'locked', retryAfterSeconds: Math.ceil(lockedMs / 1000) } as const;
    const found = await findConsumerByEmail(db, email);
    const stored = found?.password_hash ?? (await decoyHash());
    const passwordOk = await hashQueue.run(() => verifyPassword(password, stored));
    if (!found || !passwordOk) {
      await backoff.failed(email, now.getTime());
      await recordAudit(db, {
        actorUserId: null,
        organizationId: null,
        action: 'consumer.login_failed',
        subject: email.slice(0, 320),
        ip: input.ip,
      });
      return { kind: 'refused' } as const;
    }
    await backoff.succeeded(email);
    // Told only to whoever knows the password, so it reveals nothing a guess could learn.
    if (!found.active) {
      await recordAudit(db, {
        actorUserId: null,
        organizationId: null,
        action: 'consumer.login_refused',
        subject: String(found.id),
        details: { reason: 'wallet_closed' },
        ip: input.ip,
      });
      return { kind: 'closed' } as const;
    }
    const token = randomBytes(32).toString('base64url');
    await insertConsumerSession(db, {
      idHash: hashToken(token),
      consumerId: found.id,
      now,
      expiresAt: new Date(now.getTime() + ABSOLUTE_MS),
    });
    await recordAudit(db, {
      actorUserId: null,
      organizationId: null,
      action: 'consumer.login',
      subject: String(found.id),
      ip: input.ip,
    });
    const consumer = await resolve(token, now);
    if (!consumer) throw new Error('A new customer session could not be read back');
    return { kind: 'signed-in', token, consumer } as const;
  }

  /** The customer behind a session cookie's token, or null when it is unknown, idle or over. */
  async function resolve(token: string, now: Date): Promise<SignedInConsumer | null> {
    const idHash = hashToken(token);
    const row = await findConsumerBySession(db, idHash, now, new Date(now.getTime() - IDLE_MS));
    if (!row) return null;
    await touchConsumerSession(db, idHash, now);
    return {
      id: row.id,
      handle: row.handle,
      displayName: row.display_name,
      walletAccountId: row.wallet_account_id,
      balance: BigInt(row.balance),
    };
  }

  async function signOut(token: string): Promise<void> {
    await deleteConsumerSession(db, hashToken(token));
  }

  return { signIn, resolve, signOut };
}

export type ConsumerAuth = ReturnType<typeof createConsumerAuth>;

/** Customers' sessions nobody can use any more. */
export function purgeExpiredConsumerSessions(db: Db, now: Date): Promise<number> {
  return deleteExpiredConsumerSessions(db, now, new Date(now.getTime() - IDLE_MS));
}
