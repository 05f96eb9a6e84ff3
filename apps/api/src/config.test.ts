import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('SESSION_ENCRYPTION_KEY', () => {
  it.each([
    ['base64', randomBytes(32).toString('base64')],
    ['base64url', randomBytes(32).toString('base64url')],
  ])('accepts 32 bytes in %s', (_form, key) => {
    expect(loadConfig({ SESSION_ENCRYPTION_KEY: key }).sessionEncryptionKey).toBe(key);
  });

  it.each([
    ['16 bytes', randomBytes(16).toString('base64')],
    ['a passphrase', 'correct horse battery staple and more words'],
  ])('refuses %s at start', (_what, key) => {
    expect(() => loadConfig({ SESSION_ENCRYPTION_KEY: key })).toThrow(/SESSION_ENCRYPTION_KEY/);
  });
});

describe('SIGN_IN_ATTEMPTS_PER_ADDRESS', () => {
  it('defaults to 30 a minute', () => {
    expect(loadConfig({}).signInAttemptsPerAddress).toBe(30);
  });
});
