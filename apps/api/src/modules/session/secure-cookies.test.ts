import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://portal.lynk.example' });
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
});
