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

describe('a fleet process (ADR 045)', () => {
  it('is web and worker at once unless ROLE says otherwise, and a part of a fleet only on PostgreSQL', () => {
    expect(loadConfig({}).role).toBe('all');
    const url = 'postgres://lynk@db.internal/lynk';
    expect(loadConfig({ ROLE: 'web', DATABASE_URL: url }).role).toBe('web');
    expect(loadConfig({ ROLE: 'worker', DATABASE_URL: url }).role).toBe('worker');
    expect(() => loadConfig({ ROLE: 'web' })).toThrow(/ROLE=web needs DATABASE_URL/);
    expect(() => loadConfig({ ROLE: 'cron', DATABASE_URL: url })).toThrow(/ROLE/);
  });

  it('drains within its bound: 20 s unless set, the delay shorter than the bound', () => {
    expect(loadConfig({})).toMatchObject({ drainDelayMs: 0, shutdownTimeoutMs: 20_000 });
    expect(loadConfig({ DRAIN_DELAY_SECONDS: '5', SHUTDOWN_TIMEOUT_SECONDS: '30' })).toMatchObject({
      drainDelayMs: 5_000,
      shutdownTimeoutMs: 30_000,
    });
    expect(() => loadConfig({ DRAIN_DELAY_SECONDS: '20' })).toThrow(/DRAIN_DELAY_SECONDS/);
  });

  it("has an operators' listener only when OPS_PORT is set, on loopback unless OPS_HOST says otherwise", () => {
    expect(loadConfig({}).ops).toEqual({ port: undefined, host: '127.0.0.1' });
    expect(loadConfig({ OPS_PORT: '9464', OPS_HOST: '0.0.0.0' }).ops).toEqual({
      port: 9464,
      host: '0.0.0.0',
    });
    expect(() => loadConfig({ OPS_PORT: '0' })).toThrow(/OPS_PORT/);
  });
});

describe('METRICS_TOKEN', () => {
  it('is optional: without it /metrics is closed on the main port', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
  });

  it('refuses a token shorter than 32 characters at start', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'x'.repeat(31) })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ METRICS_TOKEN: 'x'.repeat(32) }).metricsToken).toBe('x'.repeat(32));
  });
});
