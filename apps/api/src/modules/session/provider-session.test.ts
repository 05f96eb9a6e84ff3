import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@lynk/contract/session';
import { Browser, createListeningApp, type ListeningApp } from '../../test/listening-app.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';
import { createTokenCipher } from '../../lib/token-cipher.ts';

// Over a real socket, as the browser meets it: after a logout or an idle timeout the way back in
// is the password, not a silent round trip through the provider's still-open session.
const CASHIER = 'cashier.kingston@bluemountain.example';
const SUPER_ADMIN = 'superadmin@bluemountain.example';

let t: ListeningApp;
beforeAll(async () => {
  // These journeys make a session idle by ageing its row; a remembered identity would not see the
  // row change for a few seconds (session-cache.test.ts proves that window), so none is kept here.
  t = await createListeningApp({ env: { SESSION_IDENTITY_CACHE_SECONDS: '0' } });
});
afterAll(async () => {
  await t.close();
});

const SIGN_IN_FORM = /<form method="post" action="\/oidc\/interaction\/[^"]+\/login"/;

async function signedIn(email = CASHIER) {
  const browser = new Browser(t.origin);
  const landed = await browser.signInFully(email, DEMO_PASSWORD, 'returnTo=%2Fwelcome');
  expect(landed.path).toBe('/welcome');
  expect((await browser.request('/api/session')).status).toBe(200);
  return browser;
}

/** Where `/auth/login` leads this browser now: the provider's form, or silently back in. */
async function openLogin(browser: Browser, query = 'returnTo=%2Fagain') {
  const landed = await browser.follow(`/auth/login?${query}`);
  const body = await landed.response.text();
  return { path: landed.path, asksForPassword: SIGN_IN_FORM.test(body) };
}

const latestSession = () =>
  t.database.db.selectFrom('sessions').selectAll().orderBy('created_at', 'desc').executeTakeFirstOrThrow();

const providerSessions = () =>
  t.database.db
    .selectFrom('oidc_payloads')
    .select(['id', 'expires_at'])
    .where('type', '=', 'Session')
    .execute();

describe('after a logout', () => {
  it('asks for the password again instead of signing the user back in', async () => {
    const browser = await signedIn();
    const out = await browser.request('/auth/logout', { method: 'POST', headers: { [CSRF_HEADER]: '1' } });
    expect(out.status).toBe(200);
    // The browser never visits the provider's sign-out page here: the server ended it already.
    const again = await openLogin(browser);
    expect(again.asksForPassword).toBe(true);
    expect((await browser.request('/api/session')).status).toBe(401);
  });
});

describe('after the idle timeout', () => {
  const idle = async () => {
    const row = await latestSession();
    await t.database.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 16 * 60 * 1000) })
      .where('id_hash', '=', row.id_hash)
      .execute();
  };

  it('ends the provider session when the portal notices, and asks for the password', async () => {
    const browser = await signedIn();
    const before = (await providerSessions()).length;
    await idle();
    expect((await browser.request('/api/session')).status).toBe(401);
    expect(await providerSessions()).toHaveLength(before - 1);
    expect(await openLogin(browser)).toMatchObject({ asksForPassword: true });
  });

  it('asks for the password when the browser goes straight to the sign-in', async () => {
    const browser = await signedIn();
    await idle();
    expect(await openLogin(browser)).toMatchObject({ asksForPassword: true });
  });
});

describe('the provider session', () => {
  it('lives for the idle period, not twelve hours, and is renewed while the portal is used', async () => {
    await t.database.db.deleteFrom('oidc_payloads').where('type', '=', 'Session').execute();
    const browser = await signedIn();
    const [created] = await providerSessions();
    const idleMs = 15 * 60 * 1000;
    expect(created!.expires_at!.getTime()).toBeLessThanOrEqual(Date.now() + idleMs);
    // A minute later the portal is used again: both sessions get another fifteen minutes.
    const row = await latestSession();
    await t.database.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 60 * 1000) })
      .where('id_hash', '=', row.id_hash)
      .execute();
    await t.database.db
      .updateTable('oidc_payloads')
      .set({ expires_at: new Date(Date.now() + 60 * 1000) })
      .where('type', '=', 'Session')
      .execute();
    expect((await browser.request('/api/session')).status).toBe(200);
    const [renewed] = await providerSessions();
    expect(renewed!.expires_at!.getTime()).toBeGreaterThan(Date.now() + idleMs - 60 * 1000);
  });
});

describe('switching branch', () => {
  it('needs no password while the portal session is live, and revokes the old refresh token', async () => {
    const browser = await signedIn(SUPER_ADMIN);
    const before = await latestSession();
    const cipher = createTokenCipher(t.secrets.sessionEncryptionKey);
    const oldRefreshToken = cipher.open(before.refresh_token!, before.id_hash)!;
    const switched = await openLogin(browser, 'org=org_1002&returnTo=%2F1002%2Flynk-wallet');
    expect(switched).toEqual({ path: '/1002/lynk-wallet', asksForPassword: false });
    expect(await (await browser.request('/api/session')).json()).toMatchObject({ org_id: 'org_1002' });
    const atProvider = await t.database.db
      .selectFrom('oidc_payloads')
      .select('id')
      .where('type', '=', 'RefreshToken')
      .where('id', '=', oldRefreshToken)
      .execute();
    expect(atProvider).toHaveLength(0);
  });
});

describe('tokens at rest', () => {
  it('are kept encrypted: the row holds none of the provider tokens', async () => {
    await signedIn();
    const row = await latestSession();
    const tokens = await t.database.db
      .selectFrom('oidc_payloads')
      .select('id')
      .where('type', '=', 'RefreshToken')
      .execute();
    const text = JSON.stringify(row);
    for (const { id } of tokens) expect(text).not.toContain(id);
    for (const column of [row.access_token, row.refresh_token!, row.id_token!]) {
      expect(column).toMatch(/^v1\./);
      // No JWT in the clear: its header and payload are JSON in base64url, `eyJ….eyJ…`. Three
      // letters alone are no sign: the ciphertext holds `eyJ` by chance in about one run in forty.
      expect(column).not.toMatch(/eyJ[\w-]*\.eyJ/);
    }
  });
});
