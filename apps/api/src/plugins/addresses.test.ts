import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@lynk/contract/session';
import { Browser, createListeningApp, type ListeningApp } from '../test/listening-app.ts';
import { DEMO_PASSWORD } from '../world/demo-seed.ts';

// Over a real socket: these addresses must reach the server byte for byte, as a browser or curl
// would send them, through Node's parser and the router.
let t: ListeningApp;
beforeAll(async () => {
  t = await createListeningApp();
});
afterAll(async () => {
  await t.close();
});

async function signedIn() {
  const browser = new Browser(t.origin);
  const { posted } = await browser.signIn('cashier.kingston@bluemountain.example', DEMO_PASSWORD);
  await browser.follow(posted.headers.get('location')!);
  expect((await browser.request('/api/session')).status).toBe(200);
  return browser;
}

describe('percent-encoded prefixes', () => {
  it('refuses POST /%61uth/logout without the CSRF header: 400 {code, message}, the session lives on', async () => {
    const browser = await signedIn();
    const response = await browser.request('/%61uth/logout', { method: 'POST' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: 'BAD_REQUEST',
      message: 'The first segment of the address must not be percent-encoded.',
    });
    expect((await browser.request('/api/session')).status).toBe(200);
  });

  it.each(['/%61pi/session', '/a%70i/profile', '/%2561uth/login'])('answers %s with 400', async (path) => {
    const response = await fetch(`${t.origin}${path}`, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'BAD_REQUEST', message: expect.any(String) });
  });

  it('still applies the CSRF check to the plain address', async () => {
    const browser = await signedIn();
    expect((await browser.request('/auth/logout', { method: 'POST' })).status).toBe(403);
    const done = await browser.request('/auth/logout', { method: 'POST', headers: { [CSRF_HEADER]: '1' } });
    expect(done.status).toBe(200);
    expect((await browser.request('/api/session')).status).toBe(401);
  });
});

describe('malformed addresses', () => {
  it.each(['/%ff', '/api/%ff', '/auth/%ff', '/1001/%ff'])(
    'answers %s with 400 {code, message}',
    async (path) => {
      const response = await fetch(`${t.origin}${path}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ code: 'BAD_REQUEST', message: 'The address is not valid.' });
    },
  );
});

describe('caching', () => {
  it.each([
    ['/api/session', 401],
    ['/api/nothing-here', 404],
    ['/auth/nothing-here', 404],
    ['/auth/login?returnTo=//evil.example', 400],
    ['/auth/login?returnTo=%2F', 303],
    ['/api/%ff', 400],
    ['/%61pi/session', 400],
  ])('forbids storing %s (%i)', async (path, status) => {
    const response = await fetch(`${t.origin}${path}`, { redirect: 'manual' });
    expect(response.status).toBe(status);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('forbids storing signed-in answers', async () => {
    const browser = await signedIn();
    for (const path of ['/api/session', '/api/profile', '/api/account/v1/accounts']) {
      const response = await browser.request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });
});
