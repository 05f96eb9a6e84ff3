import { createHmac, hkdfSync, randomInt } from 'node:crypto';
import { createTokenCipher, type TokenCipher } from '../../lib/token-cipher.ts';

/**
 * Keys of the two-factor records, derived (HKDF) from the install's encryption key rather than
 * stored anywhere else: the TOTP secrets' AES-256-GCM key and the recovery codes' HMAC key.
 */
export interface TwoFactorKeys {
  cipher: TokenCipher;
  hashRecoveryCode(code: string): string;
}

function derive(base64Key: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(base64Key, 'base64'), '', purpose, 32));
}

export function createTwoFactorKeys(encryptionKey: string): TwoFactorKeys {
  const cipher = createTokenCipher(derive(encryptionKey, 'lynk two-factor secret').toString('base64'));
  const hmacKey = derive(encryptionKey, 'lynk two-factor recovery code');
  return {
    cipher,
    hashRecoveryCode: (code) => createHmac('sha256', hmacKey).update(code).digest('base64url'),
  };
}

/** The associated data a user's sealed secret is bound to: it does not open on another user's row. */
export const secretContext = (userId: number) => `two-factor:${userId}`;

// No 0/o, 1/l/i: a code copied by hand from paper reads back the same.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_COUNT = 10;

/** Ten characters from 31 (about 50 bits), shown as two groups of five. */
export function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** What a person typed, as stored: lower case, without spaces or the hyphen. */
export function normalizeRecoveryCode(input: string): string {
  return input.toLowerCase().replace(/[\s-]/g, '');
}
