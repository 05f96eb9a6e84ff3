import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, follow, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    publicUrl: 'https://portal.lynk.example',
    env: { SIGN_IN_ATTEMPTS_PER_ADDRESS: '5' },
  });
});
afterAll(async () => {
  await t.close();
});

describe('cookies over https', () => {
  it('uses __Host- prefixed, Secure, HttpOnly, SameSite=Lax cookies', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/auth/login?returnTo=/' });
    expect(response.statusCode).toBe(303);
    const cookie = response.cookies.find((c) => c.name === '__Host-lynk_login');
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(t.app.sessionCookie).toEqual({ name: '__Host-lynk_session', secure: true });
    expect(String(response.headers['strict-transport-security'])).toMatch(/max-age=\d+/);
  });

  it('ignores X-Forwarded-For unless a proxy is configured: a client cannot pick its own address', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const page = await follow(t.app, '/auth/login?returnTo=/');
      const action = /action="([^"]+)"/.exec(page.lastResponse.body)![1]!;
      const response = await t.app.inject({
        method: 'POST',
        url: action,
        headers: {
          cookie: page.jar.header(),
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': `203.0.113.${i}`,
        },
        // A new email each time: only the per-address limit can stop this spray.
        payload: `email=nobody-${i}%40example.com&password=wrong`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array(5).fill(401), 429]);
  });
});
