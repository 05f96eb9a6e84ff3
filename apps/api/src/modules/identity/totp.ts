import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';

/**
 * RFC 6238 as every authenticator app does it: HMAC-SHA1, 6 digits, 30-second steps (otplib's
 * defaults, with its audited pure-JavaScript HMAC, which also works synchronously).
 */
const TOTP_PERIOD_SECONDS = 30;
const TOTP_ISSUER = 'Lynk Merchant Portal';

/** A new 160-bit secret, Base32 (what authenticator apps and the otpauth:// address carry). */
export function newTotpSecret(): string {
  return generateSecret();
}

/** The address the enrolment QR code carries (Key Uri Format). */
export function totpUri(secret: string, email: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: email, secret });
}

/** The time step a moment falls in. */
const totpStep = (at: Date) => Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);

/** The code of a time step (tests and the demo's documentation). */
export function totpCode(secret: string, at: Date): string {
  return generateSync({ secret, epoch: Math.floor(at.getTime() / 1000) });
}

export type TotpCheck = { valid: true; step: number } | { valid: false; replayed: boolean };

/**
 * Checks a code at `at`, allowing one step either side for a phone clock that is a little off and
 * for the seconds it takes to type. A code of a step at or before `lastStep` is refused as a
 * replay, even when it is otherwise right.
 */
export function checkTotp(secret: string, token: string, at: Date, lastStep: number | null): TotpCheck {
  if (!/^[0-9]{6}$/.test(token)) return { valid: false, replayed: false };
  const epoch = Math.floor(at.getTime() / 1000);
  const options = { secret, token, epoch, epochTolerance: TOTP_PERIOD_SECONDS } as const;
  const result = verifySync(options);
  if (!result.valid) return { valid: false, replayed: false };
  const step = totpStep(at) + result.delta;
  if (lastStep !== null && step <= lastStep) return { valid: false, replayed: true };
  return { valid: true, step };
}
