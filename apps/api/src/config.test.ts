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

describe('production unless the demo is asked for (ADR 041)', () => {
  it('a start with nothing set is production, on every interface', () => {
    const config = loadConfig({});
    expect(config.demo).toBe(false);
    expect(config.host).toBe('0.0.0.0');
  });

  it('NODE_ENV=development or test alone is still production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).demo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).demo).toBe(false);
  });

  it('DEMO=1 is the demo, listening on loopback unless HOST says otherwise', () => {
    expect(loadConfig({ DEMO: '1' })).toMatchObject({ demo: true, host: 'localhost' });
    expect(loadConfig({ DEMO: '1', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('refuses the demo together with NODE_ENV=production', () => {
    expect(() => loadConfig({ DEMO: '1', NODE_ENV: 'production' })).toThrow(/DEMO/);
  });

  it('allows the test clock only to the journeys’ demo server', () => {
    expect(() => loadConfig({ TEST_CLOCK_FILE: 'clock-offset' })).toThrow(/TEST_CLOCK_FILE/);
    expect(() => loadConfig({ NODE_ENV: 'test', TEST_CLOCK_FILE: 'clock-offset' })).toThrow(
      /TEST_CLOCK_FILE/,
    );
    expect(loadConfig({ NODE_ENV: 'test', DEMO: '1', TEST_CLOCK_FILE: 'clock-offset' }).testClockFile).toBe(
      'clock-offset',
    );
  });
});
