import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the server', () => {
  it('answers health and readiness', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });

  it('sends pages a CSP without unsafe inline scripts that forbids framing, and other answers one that allows nothing', async () => {
    const page = await t.app.inject({ url: '/api/docs' });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    const json = await t.app.inject({ url: '/healthz' });
    expect(json.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('tags every response with a request id', async () => {
    const response = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'trace-123' } });
    expect(response.headers['x-request-id']).toBe('trace-123');
  });

  it('publishes OpenAPI generated from the route schemas', async () => {
    const spec = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/session', '/auth/login', '/api/profile/', '/api/account/v1/accounts']),
    );
    const docs = await t.app.inject({ url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
  });

  it("words zod's own issues in English (zod/mini loads no locale by itself)", async () => {
    const response = await t.app.inject({ url: `/auth/callback?code=${'a'.repeat(513)}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Too big: expected string to have <=512 characters',
    });
  });

  it('answers unknown API routes with 404 {code, message}', async () => {
    const response = await t.app.inject({ url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'No route for GET /api/nothing-here.' });
  });

  it('answers malformed JSON with 400 {code, message}, not 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { 'content-type': 'application/json', 'x-lynk-csrf': '1' },
      payload: '{"oops":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it('answers an oversized body with 413 {code, message}', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { 'content-type': 'application/json', 'x-lynk-csrf': '1' },
      payload: JSON.stringify({ big: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });
});
