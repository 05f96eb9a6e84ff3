import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPayLink, signInCustomer } from '../test/pay-links.ts';
import { createTestApp, signIn, type TestApp } from '../test/test-app.ts';
import { DEMO_PASSWORD } from '../world/demo-seed.ts';
import { EARLY_CLICKS_SCRIPT } from './early-clicks.ts';
import type { FirstScreenRenderer } from './portal-pages.ts';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head><title>Lynk</title><script type="module" src="/assets/index-AbC123.js"></script></head>
  <body>
    <div id="root">
      <div role="status">Loading...</div>
    </div>
  </body>
</html>
`;

/** How the stand-in renderer behaves for the next page (the real one is the portal's build). */
let behaviour: 'render' | 'throw' | 'hang' | 'decline' = 'render';
let renders: Array<{ url: string; answers: Record<string, unknown>; userAgent: unknown }> = [];
let releases: Array<() => void> = [];
/** What the server told the renderer of each caller. */
let callers: Array<{ path: string; staffSession: boolean }> = [];

/** The portal's contract (apps/portal/src/entry-server.tsx), answering from what it is given. */
const renderer: FirstScreenRenderer = {
  FIRST_SCREEN_ID: 'lynk-first-screen',
  firstScreenRequests: (url, { staffSession }) => {
    callers.push({ path: url.pathname, staffSession });
    const code = /^\/pay\/([\w-]+)$/.exec(url.pathname)?.[1];
    if (code) {
      return [`/api/payment/pay/${code}`, '/api/consumer-auth/session'].map((path) => ({
        path,
        headers: {},
      }));
    }
    if (!staffSession || !/^\/\d+\//.test(url.pathname)) return [];
    const org = { 'x-lynk-org': `org_${url.pathname.split('/')[1]}` };
    return ['/api/session', '/api/profile'].map((path) => ({ path, headers: org }));
  },
  async renderFirstScreen(url, answers, headers, signal) {
    renders.push({ url: url.href, answers, userAgent: headers['user-agent'] });
    if (behaviour === 'throw') throw new Error('a component failed on the server');
    if (behaviour === 'decline') return null;
    if (behaviour === 'hang') {
      await new Promise<void>((resolve, reject) => {
        releases.push(resolve);
        signal.addEventListener('abort', () => reject(signal.reason));
      });
    }
    const link = Object.entries(answers).find(([path]) => path.startsWith('/api/payment/pay/'))?.[1] as
      { data: { merchant_name: string } } | undefined;
    const session = answers['/api/session'] as { displayName: string } | undefined;
    // An answer may hold anything a user typed: here, what would close the script element, and
    // what a string replacement would read as its patterns.
    return {
      html: `<h1>${link?.data.merchant_name ?? session?.displayName}</h1>`,
      state: { answers, typed: "</script><!-- x $' $& $$" },
    };
  },
};

let t: TestApp;
let portalDir: string;
let kingston: string;
let montego: string;
const logLines: string[] = [];

beforeAll(async () => {
  portalDir = await mkdtemp(path.join(tmpdir(), 'lynk-portal-'));
  await writeFile(path.join(portalDir, 'index.html'), INDEX_HTML);
  t = await createTestApp({
    portalDir,
    firstScreenRenderer: renderer,
    logStream: { write: (line) => void logLines.push(line) },
  });
  kingston = (await signIn(t.app, 'manager.kingston@bluemountain.example', DEMO_PASSWORD)).jar.header();
  montego = (await signIn(t.app, 'manager.montego@bluemountain.example', DEMO_PASSWORD)).jar.header();
});
afterAll(async () => {
  await t.close();
  await rm(portalDir, { recursive: true, force: true });
});
beforeEach(() => {
  behaviour = 'render';
  renders = [];
  releases = [];
  callers = [];
});

/** The JSON the page carries for the browser. */
function firstScreenState(body: string): unknown {
  const match = /<script type="application\/json" id="lynk-first-screen">(.*?)<\/script>/s.exec(body);
  return match ? JSON.parse(match[1]!) : null;
}

function expectPlainPage(response: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-cache');
  expect(response.body).toContain('<div role="status">Loading...</div>');
  expect(firstScreenState(response.body)).toBeNull();
  expect(response.body).not.toContain('rel="expect"');
  expect(response.body).not.toContain('lynkEarlyClicks');
}

describe('a portal page rendered on the server (ADR 038)', () => {
  it('carries the first screen rendered from the caller’s own answers, and those answers', async () => {
    const response = await t.app.inject({
      url: '/1001/lynk-wallet/orders',
      headers: { cookie: kingston, 'user-agent': 'Mobile Safari' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toMatch(/<div id="root"><h1>Tanya Williams<\/h1><\/div>/);
    expect(response.body).not.toContain('Loading...');
    const state = firstScreenState(response.body) as { answers: Record<string, { email?: string }> };
    expect(state.answers['/api/session']!.email).toBe('manager.kingston@bluemountain.example');
    expect(state.answers['/api/profile']).toMatchObject({ name: expect.stringContaining('Kingston') });
    expect(renders[0]!.userAgent).toBe('Mobile Safari');

    const other = await t.app.inject({ url: '/1002/lynk-wallet/orders', headers: { cookie: montego } });
    expect(other.body).toContain('<h1>');
    expect(other.body).not.toContain('Tanya Williams');
    const otherState = firstScreenState(other.body) as { answers: Record<string, { email?: string }> };
    expect(otherState.answers['/api/session']!.email).toBe('manager.montego@bluemountain.example');
  });

  it('is painted once its first screen is parsed, never half of it', async () => {
    const response = await t.app.inject({ url: '/1001/lynk-wallet/orders', headers: { cookie: kingston } });
    const body = response.body;
    const expectLink = /<link rel="expect" href="#([\w-]+)" blocking="render" \/>/.exec(body);
    expect(expectLink).not.toBeNull();
    expect(body.indexOf(expectLink![0])).toBeLessThan(body.indexOf('</head>'));
    // The element it waits for comes after the whole first screen.
    expect(body.indexOf(`id="${expectLink![1]}"`)).toBeGreaterThan(
      body.indexOf('<h1>Tanya Williams</h1></div>'),
    );
  });

  it('keeps a click made before the portal runs, with the one inline script its CSP allows', async () => {
    const response = await t.app.inject({ url: '/1001/lynk-wallet/orders', headers: { cookie: kingston } });
    const inline = [...response.body.matchAll(/<script>(.*?)<\/script>/gs)].map((match) => match[1]!);
    expect(inline).toEqual([EARLY_CLICKS_SCRIPT]);
    expect(response.body.indexOf('<script>')).toBeLessThan(response.body.indexOf('</head>'));
    const hash = createHash('sha256').update(inline[0]!).digest('base64');
    const scriptSrc = /script-src ([^;]*)/.exec(String(response.headers['content-security-policy']))![1]!;
    expect(scriptSrc.split(' ').sort()).toEqual([`'self'`, `'sha256-${hash}'`].sort());
  });

  it('is never kept by a browser or proxy, and goes out compressed', async () => {
    const response = await t.app.inject({
      url: '/1001/lynk-wallet/orders',
      headers: { cookie: kingston, 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('<h1>Tanya Williams</h1>');
  });

  it('writes what it carries so that no answer can end its script element', async () => {
    const response = await t.app.inject({ url: '/1001/lynk-wallet/orders', headers: { cookie: kingston } });
    // The portal's module, the early clicks script and the answers: no other element ends.
    expect(response.body.match(/<\/script>/g)).toHaveLength(3);
    expect(response.body).not.toContain('<!-- x');
    expect(firstScreenState(response.body)).toMatchObject({ typed: "</script><!-- x $' $& $$" });
    expect(response.body.trimEnd()).toMatch(/<\/script>\s*<\/body>\s*<\/html>$/);
  });

  it('is the page as before without a session, with a session that is not one, for another organisation, or for a HEAD', async () => {
    expectPlainPage(await t.app.inject({ url: '/1001/lynk-wallet/orders' }));
    expectPlainPage(
      await t.app.inject({
        url: '/1001/lynk-wallet/orders',
        headers: { cookie: 'lynk_session=forged.value' },
      }),
    );
    // Kingston's manager on Montego Bay's address: the portal re-authorizes; nothing is rendered.
    expectPlainPage(await t.app.inject({ url: '/1002/lynk-wallet/orders', headers: { cookie: kingston } }));
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/1001/lynk-wallet/orders',
      headers: { cookie: kingston },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe('no-cache');
    expect(renders).toHaveLength(0);
    // Without a staff session cookie a signed-in page's calls could only answer 401: none is made.
    expect(callers[0]).toEqual({ path: '/1001/lynk-wallet/orders', staffSession: false });
  });

  it('is the page as before where the portal renders nothing on the server', async () => {
    expectPlainPage(await t.app.inject({ url: '/pay/abc', headers: { cookie: kingston } }));
    behaviour = 'decline';
    expectPlainPage(await t.app.inject({ url: '/1001/lynk-wallet/orders', headers: { cookie: kingston } }));
  });

  it('is the page as before, and a warning in the log, when the render fails or takes too long', async () => {
    behaviour = 'throw';
    expectPlainPage(await t.app.inject({ url: '/1001/lynk-wallet/orders', headers: { cookie: kingston } }));
    behaviour = 'hang';
    expectPlainPage(await t.app.inject({ url: '/1001/lynk-wallet/orders', headers: { cookie: kingston } }));
    const warnings = logLines.filter((line) => line.includes('without its first screen'));
    expect(warnings.map((line) => JSON.parse(line).err.message)).toEqual([
      'a component failed on the server',
      expect.stringMatching(/timeout|aborted/i),
    ]);
  });

  it('renders a few pages at once; beyond them, a page goes out as before', async () => {
    behaviour = 'hang';
    const pages = Array.from({ length: 5 }, () =>
      t.app.inject({ url: '/1001/lynk-wallet/orders', headers: { cookie: kingston } }),
    );
    // The fifth is answered at once, while the four renders still wait.
    const fifth = await Promise.race(pages.map((page, at) => page.then(() => at)));
    expectPlainPage(await pages[fifth]!);
    await expect.poll(() => releases.length).toBe(4);
    for (const next of releases) next();
    const answered = await Promise.all(pages);
    expect(answered.filter((page) => page.body.includes('<h1>Tanya Williams</h1>'))).toHaveLength(4);
  });
});

describe("the customer's pay page rendered on the server", () => {
  const CUSTOMER = { email: 'customer@lynk.example', password: DEMO_PASSWORD };
  let code: string;
  beforeAll(async () => {
    ({ code } = await createPayLink(t.app, kingston, { amount: 1_500_00, description: 'Two flat whites' }));
  });
  const remaining = (response: { headers: Record<string, unknown> }) =>
    Number(response.headers['x-ratelimit-remaining']);

  it('is rendered for anyone, from the public link and the answer that nobody is signed in', async () => {
    const response = await t.app.inject({ url: `/pay/${code}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toMatch(/<div id="root"><h1>Blue Mountain Coffee[^<]*<\/h1><\/div>/);
    const state = firstScreenState(response.body) as { answers: Record<string, unknown> };
    expect(state.answers[`/api/payment/pay/${code}`]).toMatchObject({
      data: { amount_to_pay: 1_500_00, description: 'Two flat whites', status: 'RECEIVED' },
    });
    expect(state.answers['/api/consumer-auth/session']).toEqual({ data: null });
  });

  it("carries the signed-in customer's own session, read with their cookie", async () => {
    const { cookie } = await signInCustomer(t.app, CUSTOMER);
    const response = await t.app.inject({ url: `/pay/${code}`, headers: { cookie } });
    const state = firstScreenState(response.body) as { answers: Record<string, { data: unknown }> };
    expect(state.answers['/api/consumer-auth/session']!.data).toMatchObject({ lynk_id: '@janedoe' });
  });

  it("counts its calls as the customer's own, by their address", async () => {
    const customer = '203.0.113.7';
    await t.app.inject({ url: `/pay/${code}`, remoteAddress: customer });
    const link = `/api/payment/pay/${code}`;
    const after = await t.app.inject({ url: link, remoteAddress: customer });
    const elsewhere = await t.app.inject({ url: link, remoteAddress: '203.0.113.8' });
    // The page's two calls, counted for the customer and nobody else.
    expect(remaining(elsewhere) - remaining(after)).toBe(2);
  });

  it('is the page as before for a link that does not exist', async () => {
    expectPlainPage(await t.app.inject({ url: '/pay/AAAAAAAAAAAAAAAAAAAAAA' }));
  });
});
