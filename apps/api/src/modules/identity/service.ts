import type { Kysely } from 'kysely';
import type Provider from 'oidc-provider';
import type { Database } from '../../db/schema.ts';
import { recordAudit } from '../audit/index.ts';
import { decoyHash, verifyPassword } from './passwords.ts';
import {
  bindGrantToOrganization,
  deleteExpiredOidcPayloads,
  findDefaultMembership,
  findMembership,
  findUserByAuthId,
  findUserByEmail,
  type UserRecord,
} from './repository.ts';
import {
  createAccountBackoff,
  createHashQueue,
  type AccountBackoff,
  type HashQueue,
} from './sign-in-throttle.ts';

export type SignInOutcome =
  | { kind: 'signed-in'; accountId: string }
  | { kind: 'refused' }
  | { kind: 'locked'; retryAfterSeconds: number };

export interface IdentityServiceOptions {
  db: Kysely<Database>;
  provider: Provider;
  audience: string;
  backoff?: AccountBackoff;
  hashQueue?: HashQueue;
}

/** The rules of the embedded provider's sign-in and organization interactions. */
export function createIdentityService(options: IdentityServiceOptions) {
  const { db, provider, audience } = options;
  const backoff = options.backoff ?? createAccountBackoff(db, 'staff');
  const hashQueue = options.hashQueue ?? createHashQueue();

  /**
   * Checks an email and password. A locked account is refused before any hashing, with the same
   * answer whether or not the email exists; unknown emails cost a hash too, against a decoy.
   */
  async function signIn(input: {
    email: string;
    password: string;
    ip: string;
    now: Date;
  }): Promise<SignInOutcome> {
    const { email, password, ip } = input;
    const now = input.now.getTime();
    const lockedMs = await backoff.lockedFor(email, now);
    if (lockedMs > 0) return { kind: 'locked', retryAfterSeconds: Math.ceil(lockedMs / 1000) };
    const user = email ? await findUserByEmail(db, email) : undefined;
    // A staff member who has not activated yet has no password: they cost a hash like anyone.
    const usable = user?.password_hash.startsWith('scrypt$') ? user.password_hash : undefined;
    const stored = usable ?? (await decoyHash());
    const passwordOk = await hashQueue.run(() => verifyPassword(password, stored));
    const member =
      user && usable && passwordOk && !user.disabled && (await findDefaultMembership(db, user.auth_id));
    if (!user || !member) {
      if (email) await backoff.failed(email, now);
      const failure = {
        actorUserId: user?.id ?? null,
        organizationId: null,
        subject: email.slice(0, 320),
        ip,
      };
      await recordAudit(db, { ...failure, action: 'auth.login_failed' });
      // The failure that starts a lock-out, once: the tries refused while locked are not audited.
      if (email && (await backoff.lockedFor(email, now)) > 0)
        await recordAudit(db, { ...failure, action: 'auth.login_locked' });
      return { kind: 'refused' };
    }
    await backoff.succeeded(email);
    await recordAudit(db, {
      actorUserId: user.id,
      organizationId: null,
      action: 'auth.login',
      subject: user.auth_id,
      ip,
    });
    return { kind: 'signed-in', accountId: user.auth_id };
  }

  /**
   * Binds an authorization to one organization (ADR 006): the requested one if the account is an
   * active member there, else its default one. Returns the new grant, or null when refused.
   */
  async function bindOrganization(input: {
    accountId: string;
    clientId: string;
    requested: string | undefined;
    ip: string;
  }): Promise<{ grantId: string; organizationId: string } | null> {
    const { accountId, requested } = input;
    const membership = requested
      ? await findMembership(db, accountId, requested)
      : await findDefaultMembership(db, accountId);
    if (!membership) {
      await recordAudit(db, {
        actorUserId: null,
        organizationId: requested ?? null,
        action: 'auth.organization_refused',
        subject: accountId,
        ip: input.ip,
      });
      return null;
    }
    const grant = new provider.Grant({ accountId, clientId: input.clientId });
    grant.addOIDCScope('openid profile offline_access');
    grant.addResourceScope(audience, 'portal');
    const grantId = await grant.save();
    await bindGrantToOrganization(db, grantId, membership.organization_id);
    return { grantId, organizationId: membership.organization_id };
  }

  return { signIn, bindOrganization };
}

export type IdentityService = ReturnType<typeof createIdentityService>;

export type StaffAccount = UserRecord;

/** The staff account an interaction is for (the provider's `accountId`), or undefined. */
export function findStaffAccount(db: Kysely<Database>, accountId: string): Promise<StaffAccount | undefined> {
  return findUserByAuthId(db, accountId);
}

/** Provider records nobody can use any more (expired sessions, codes, grants, tokens). */
export function purgeExpiredProviderRecords(db: Kysely<Database>, now: Date): Promise<number> {
  return deleteExpiredOidcPayloads(db, now);
}
