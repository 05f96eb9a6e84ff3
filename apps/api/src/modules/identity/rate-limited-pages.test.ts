import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, follow, formAction, type FlowResult, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';

const SIGN_IN = '/auth/login?returnTo=%2F';
const ADMIN = 'admin.kingston@bluemountain.example';

/** A form posted as a browser would, from an address of the test's own (each has its budget). */
const postForm = (t: TestApp, flow: FlowResult, fields: Record<string, string>, from: string) =>
  t.app.inject({
    method: 'POST',
    url: formAction(flow)!,
    remoteAddress: from,
    headers: { cookie: flow.jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

/** A person at a browser sees the page again, in the product's look, with the wait in words. */
function expectLimitedPage(response: LightMyRequestResponse, limit: string) {
  expect(response.statusCode).toBe(429);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  expect(response.body).not.toContain('RATE_LIMITED');
  expect(response.body).toContain('<div class="brand-name">Lynk</div>');
  const seconds = Number(response.headers['retry-after']);
  expect(seconds).toBeGreaterThan(0);
  expect(response.body).toContain(
    `<p class="error" role="alert">${limit} Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.</p>`,
  );
}

describe("the identity provider's forms at their rate limits", () => {
  let t: TestApp;
  beforeAll(async () => {
    // Three tries a minute per address on each form; the site-wide limit out of the way.
    t = await createTestApp({ env: { SIGN_IN_ATTEMPTS_PER_ADDRESS: '3', RATE_LIMIT_PER_MINUTE: '10000' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a sign-in over the per-address limit with the sign-in page, the wait and the email typed', async () => {
    const page = await follow(t.app, SIGN_IN);
    const from = '198.51.100.1';
    for (let i = 0; i < 3; i++) {
      const refused = await postForm(t, page, { email: `spray-${i}@example.com`, password: 'guess' }, from);
      expect(refused.statusCode).toBe(401);
    }
    const limited = await postForm(t, page, { email: 'typed@example.com', password: 'guess' }, from);
    expectLimitedPage(limited, 'Too many sign-in attempts.');
    expect(limited.body).toContain('<h1>Sign in</h1>');
    expect(limited.body).toContain('value="typed@example.com"');
    // The form is there to try again, at the same interaction.
    expect(formAction({ ...page, lastResponse: limited })).toBe(formAction(page));
  });

  it('answers a code over the per-address limit with the code page and the wait', async () => {
    const from = '198.51.100.2';
    const page = await follow(t.app, SIGN_IN);
    const posted = await postForm(t, page, { email: ADMIN, password: DEMO_PASSWORD }, from);
    const codePage = await follow(t.app, formAction(page)!, page.jar, posted);
    expect(formAction(codePage, '/second-factor')).toBeDefined();
    for (let i = 0; i < 3; i++) {
      expect((await postForm(t, codePage, { code: 'nope' }, from)).statusCode).toBe(401);
    }
    const limited = await postForm(t, codePage, { code: 'nope' }, from);
    expectLimitedPage(limited, 'Too many sign-in attempts.');
    expect(limited.body).toContain('<h1>Two-step verification</h1>');
    expect(formAction({ ...codePage, lastResponse: limited })).toBe(formAction(codePage));
  });

  it('answers an activation over the per-address limit with a page in the same look and the wait', async () => {
    const from = '198.51.100.3';
    const activate = () =>
      t.app.inject({
        method: 'POST',
        url: '/oidc/activate/not-a-real-token-at-all-xyz',
        remoteAddress: from,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ password: 'p', confirmation: 'p' }).toString(),
      });
    for (let i = 0; i < 3; i++) expect((await activate()).statusCode).toBe(410);
    const limited = await activate();
    expectLimitedPage(limited, 'Too many attempts.');
    expect(limited.headers['referrer-policy']).toBe('no-referrer');
  });
});

describe('the sign-in page at the site-wide limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Reaching the page takes a few of these (/auth/login, the provider's redirects, the page).
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '6' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers with the sign-in page, the wait and the email typed, though the limit refuses before the form is read', async () => {
    const page = await follow(t.app, SIGN_IN);
    const statuses: number[] = [];
    let limited: LightMyRequestResponse | undefined;
    for (let i = 0; i < 6 && !limited; i++) {
      const response = await postForm(
        t,
        page,
        { email: 'typed@example.com', password: 'guess' },
        '127.0.0.1',
      );
      statuses.push(response.statusCode);
      if (response.statusCode === 429) limited = response;
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1)).toEqual(statuses.slice(0, -1).map(() => 401));
    expectLimitedPage(limited!, 'Too many sign-in attempts.');
    expect(limited!.body).toContain('<h1>Sign in</h1>');
    expect(limited!.body).toContain('value="typed@example.com"');
  });
});
