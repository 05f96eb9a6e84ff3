import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import type { Database } from '../../db/schema.ts';
import { recordAudit } from '../audit/index.ts';
import { createAccountBackoff, type AccountBackoff } from './sign-in-throttle.ts';
import { checkTotp, newTotpSecret, totpUri } from './totp.ts';
import {
  RECOVERY_CODE_COUNT,
  newRecoveryCode,
  normalizeRecoveryCode,
  secretContext,
  type TwoFactorKeys,
} from './two-factor-keys.ts';
import {
  acceptStep,
  findCredential,
  holdsAdminRole,
  insertConfirmedCredential,
  replaceRecoveryCodes,
  savePendingCredential,
  useRecoveryCode,
} from './two-factor-repository.ts';

export interface TwoFactorUser {
  id: number;
  email: string;
}

export type CodeRefusal =
  { kind: 'refused'; reason: 'wrong' | 'replayed' } | { kind: 'locked'; retryAfterSeconds: number };
export type CodeOutcome = { kind: 'verified'; method: 'otp' | 'recovery' } | CodeRefusal;
export type EnrolmentOutcome = { kind: 'enrolled'; recoveryCodes: string[] } | CodeRefusal;

export interface TwoFactorServiceOptions {
  db: Kysely<Database>;
  keys: TwoFactorKeys;
  /** The app's clock (`app.clock`): codes, lock-outs and enrolment times are judged on it. */
  now: () => Date;
  backoff?: AccountBackoff;
}

/** The second factor's rules: who needs one, enrolment, and checking codes (ADR 030). */
export function createTwoFactorService(options: TwoFactorServiceOptions) {
  const { db, keys, now } = options;
  // Wrong codes are counted per account like wrong passwords (ADR 011): a few free, then lock-outs.
  const backoff = options.backoff ?? createAccountBackoff(db, 'second-factor');
  const backoffKey = (user: TwoFactorUser) => String(user.id);

  async function confirmedSecret(
    userId: number,
  ): Promise<{ secret: string; lastStep: number | null } | null> {
    const credential = await findCredential(db, userId);
    if (!credential?.confirmed_at) return null;
    const secret = keys.cipher.open(credential.secret_sealed, secretContext(userId));
    return secret === null ? null : { secret, lastStep: credential.last_step };
  }

  /** What the user's sign-in needs after the password: nothing, their code, or an enrolment first. */
  async function requirement(userId: number): Promise<'none' | 'code' | 'enrol'> {
    if (await confirmedSecret(userId)) return 'code';
    return (await holdsAdminRole(db, userId)) ? 'enrol' : 'none';
  }

  /** The secret being enrolled (the same one on every visit until it is confirmed) and its QR code. */
  async function enrolment(user: TwoFactorUser) {
    const credential = await findCredential(db, user.id);
    let secret =
      credential && !credential.confirmed_at
        ? keys.cipher.open(credential.secret_sealed, secretContext(user.id))
        : null;
    if (!secret) {
      secret = newTotpSecret();
      await savePendingCredential(db, user.id, keys.cipher.seal(secret, secretContext(user.id)));
    }
    const uri = totpUri(secret, user.email);
    return { secret, uri, qrDataUrl: await QRCode.toDataURL(uri, { margin: 1, width: 220 }) };
  }

  async function lockedOrNull(user: TwoFactorUser): Promise<CodeRefusal | null> {
    const lockedMs = await backoff.lockedFor(backoffKey(user), now().getTime());
    return lockedMs > 0 ? { kind: 'locked', retryAfterSeconds: Math.ceil(lockedMs / 1000) } : null;
  }

  async function refused(
    user: TwoFactorUser,
    reason: 'wrong' | 'replayed',
    ip: string,
  ): Promise<CodeRefusal> {
    await backoff.failed(backoffKey(user), now().getTime());
    const failure = { actorUserId: user.id, organizationId: null, subject: user.email, ip };
    await recordAudit(db, { ...failure, action: 'auth.second_factor_failed', details: { reason } });
    // The failure that starts a lock-out, once: the codes refused while locked are not audited.
    if (await lockedOrNull(user)) await recordAudit(db, { ...failure, action: 'auth.second_factor_locked' });
    return { kind: 'refused', reason };
  }

  /** The first code from the app confirms the enrolment; answers the recovery codes, shown once. */
  async function confirmEnrolment(user: TwoFactorUser, code: string, ip: string): Promise<EnrolmentOutcome> {
    const locked = await lockedOrNull(user);
    if (locked) return locked;
    const credential = await findCredential(db, user.id);
    const secret =
      credential && !credential.confirmed_at
        ? keys.cipher.open(credential.secret_sealed, secretContext(user.id))
        : null;
    const at = now();
    const check = secret ? checkTotp(secret, code.replace(/\s/g, ''), at, credential!.last_step) : null;
    if (!check?.valid || !(await acceptStep(db, user.id, check.step, at))) {
      return refused(user, check && !check.valid && check.replayed ? 'replayed' : 'wrong', ip);
    }
    await backoff.succeeded(backoffKey(user));
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await replaceRecoveryCodes(
      db,
      user.id,
      recoveryCodes.map((c) => keys.hashRecoveryCode(normalizeRecoveryCode(c))),
    );
    await recordAudit(db, {
      actorUserId: user.id,
      organizationId: null,
      action: 'auth.second_factor_enrolled',
      subject: user.email,
      ip,
    });
    return { kind: 'enrolled' as const, recoveryCodes };
  }

  /** A code from the app (never the same time step twice) or an unused recovery code. */
  async function verify(user: TwoFactorUser, input: string, ip: string): Promise<CodeOutcome> {
    const locked = await lockedOrNull(user);
    if (locked) return locked;
    const confirmed = await confirmedSecret(user.id);
    if (!confirmed) return refused(user, 'wrong', ip);
    const at = now();
    const digits = input.replace(/\s/g, '');
    let method: 'otp' | 'recovery';
    if (/^[0-9]{6}$/.test(digits)) {
      const check = checkTotp(confirmed.secret, digits, at, confirmed.lastStep);
      if (!check.valid) return refused(user, check.replayed ? 'replayed' : 'wrong', ip);
      if (!(await acceptStep(db, user.id, check.step, at))) return refused(user, 'replayed', ip);
      method = 'otp';
    } else {
      const hash = keys.hashRecoveryCode(normalizeRecoveryCode(input));
      if (!(await useRecoveryCode(db, user.id, hash, at))) return refused(user, 'wrong', ip);
      method = 'recovery';
    }
    await backoff.succeeded(backoffKey(user));
    await recordAudit(db, {
      actorUserId: user.id,
      organizationId: null,
      action: method === 'otp' ? 'auth.second_factor' : 'auth.recovery_code_used',
      subject: user.email,
      ip,
    });
    return { kind: 'verified', method };
  }

  return { requirement, enrolment, confirmEnrolment, verify };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

/** Whether the user has set up an authenticator (one still being set up does not count). */
export async function hasAuthenticator(db: Kysely<Database>, userId: number): Promise<boolean> {
  return Boolean((await findCredential(db, userId))?.confirmed_at);
}

/** Gives a user a known authenticator, confirmed (the demo admins'); one they set up themselves stays. */
export async function seedAuthenticator(
  db: Kysely<Database>,
  keys: TwoFactorKeys,
  userId: number,
  secret: string,
  at: Date,
): Promise<void> {
  await insertConfirmedCredential(db, userId, keys.cipher.seal(secret, secretContext(userId)), at);
}
