import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ logStream: { write: (line) => void lines.push(line) } });
});
afterAll(async () => {
  await t.close();
});

describe('request ids', () => {
  it('keeps a well-formed id a caller sends, so its logs and ours can be matched', async () => {
    const response = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'trace-123' } });
    expect(response.headers['x-request-id']).toBe('trace-123');
  });

  it.each([
    ['a newline that would forge a log line', 'abc\n{"level":50,"msg":"forged"}'],
    ['a kilobyte of padding', 'x'.repeat(1024)],
    ['markup', '<script>alert(1)</script>'],
  ])('replaces %s with an id of its own, in the response and the logs', async (_what, sent) => {
    const before = lines.length;
    const response = await t.app.inject({ url: '/api/nothing-here', headers: { 'x-request-id': sent } });
    const id = String(response.headers['x-request-id']);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const logged = lines.slice(before).join('');
    expect(logged).toContain(id);
    expect(logged).not.toContain(sent);
    expect(logged).not.toContain('forged');
    expect(response.body).not.toContain(sent);
  });
});

describe('request logs', () => {
  it('never contain the authorization code or state of the sign-in callback', async () => {
    const before = lines.length;
    await t.app.inject({ url: '/auth/callback?code=SECRET-CODE-4711&state=SECRET-STATE-0815&iss=x' });
    const logged = lines.slice(before).join('');
    expect(logged).toContain('/auth/callback');
    expect(logged).not.toContain('SECRET-CODE-4711');
    expect(logged).not.toContain('SECRET-STATE-0815');
  });
});

describe('request logs and credentials', () => {
  it('never contain a cookie, an authorization header or any other header', async () => {
    const before = lines.length;
    await t.app.inject({
      url: '/api/session',
      headers: {
        cookie: 'lynk_session=COOKIE-SECRET-1',
        authorization: 'Bearer TOKEN-SECRET-2',
        'x-custom': 'HEADER-VALUE-3',
      },
    });
    const logged = lines.slice(before).join('');
    expect(logged).toContain('/api/session');
    for (const secret of ['COOKIE-SECRET-1', 'TOKEN-SECRET-2', 'HEADER-VALUE-3']) {
      expect(logged).not.toContain(secret);
    }
  });
});

type LogLine = { req?: { method: string; url: string }; res?: { statusCode: number }; responseTime?: number };

describe('one line per request', () => {
  it('logs an answered request once, with its method, address, status and time', async () => {
    const before = lines.length;
    await t.app.inject({ url: '/healthz' });
    await t.app.inject({ url: '/no-such-address' });
    const logged = lines.slice(before).map((line) => JSON.parse(line) as LogLine);
    expect(logged.map((line) => [line.req?.method, line.req?.url, line.res?.statusCode])).toEqual([
      ['GET', '/healthz', 200],
      ['GET', '/no-such-address', 404],
    ]);
    expect(logged.every((line) => typeof line.responseTime === 'number')).toBe(true);
  });
});
