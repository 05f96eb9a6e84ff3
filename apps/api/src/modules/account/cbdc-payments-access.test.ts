import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATES, type PermissionString } from '@lynk/contract/permissions';
import { MAX_PAGE_SIZE } from '@lynk/contract/listings';
import { ROLE_PERMISSIONS } from '@lynk/contract/roles';
import { branchAccounts } from '../../test/accounts.ts';
import { createTestApp, signAccessToken, signIn, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';

/** GET /api/account/v1/accounts/{accountID}/payments — who may call it, and with what. */

let t: TestApp;
let admin: string;
let kingston: Awaited<ReturnType<typeof branchAccounts>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signIn(t.app, 'admin.kingston@bluemountain.example', DEMO_PASSWORD)).jar.header();
  kingston = await branchAccounts(t, 1001);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, auth: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: auth.startsWith('Bearer ') ? { authorization: auth } : { cookie: auth },
  });

const paymentsUrl = (ref: string, query: Record<string, string | number> = {}) => {
  const search = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return `/api/account/v1/accounts/${encodeURIComponent(ref)}/payments${search ? `?${search}` : ''}`;
};

describe('permissions', () => {
  const gate: readonly PermissionString[] = GATES.paymentsTab.anyOf;
  const tokenFor = async (permissions: readonly string[]) => {
    const user = await t.database.db
      .selectFrom('users')
      .select(['id', 'auth_id'])
      .where('email', '=', 'admin.kingston@bluemountain.example')
      .executeTakeFirstOrThrow();
    return `Bearer ${await signAccessToken(t, {
      user_id: user.id,
      authID: user.auth_id,
      role: 'Admin',
      role_id: 1,
      displayName: 'Andre Brown',
      email: 'admin.kingston@bluemountain.example',
      org_id: 'org_1001',
      merchant_id: 1001,
      permissions,
    })}`;
  };

  it('is gated on reading orders, own orders or issuing refunds', () => {
    expect([...gate].sort()).toEqual(['create:refunds', 'read:orders', 'read:owned-orders']);
  });

  it('answers 403 {code, message} to a signed-in user without any permission', async () => {
    const noAccess = (await signIn(t.app, 'noaccess@bluemountain.example', DEMO_PASSWORD)).jar.header();
    const session = await get('/api/session', noAccess);
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ merchant_id: 1001, permissions: [] });
    const response = await get(paymentsUrl(kingston.cbdcRef!), noAccess);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'FORBIDDEN', message: expect.any(String) });
  });

  it('answers 403 to a user holding every other permission of an admin but none of the gate', async () => {
    const others = ROLE_PERMISSIONS[1].filter((p) => !gate.includes(p));
    expect(others.length).toBeGreaterThan(0);
    const response = await get(paymentsUrl(kingston.cbdcRef!), await tokenFor(others));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'FORBIDDEN', message: expect.any(String) });
  });

  it.each(['read:orders', 'read:owned-orders', 'create:refunds'])(
    'lets a user holding only %s in',
    async (permission) => {
      const response = await get(paymentsUrl(kingston.cbdcRef!, { limit: 1 }), await tokenFor([permission]));
      expect(response.statusCode).toBe(200);
      expect(response.json().meta_data).toMatchObject({ count: 1, limit: 1, offset: 0 });
    },
  );
});

describe('malformed parameters', () => {
  it.each([
    ['limit 0', { limit: 0 }],
    ['a limit over the maximum', { limit: MAX_PAGE_SIZE + 1 }],
    ['a limit that is not a number', { limit: 'ten' }],
    ['a fractional limit', { limit: 2.5 }],
    ['a negative offset', { offset: -1 }],
    ['a fractional offset', { offset: 1.5 }],
    ['sort=SIDEWAYS', { sort: 'SIDEWAYS' }],
    ['an empty sort', { sort: '' }],
    ['from_utc in month 13', { from_utc: '2026-13-01' }],
    ['to_utc on 30 February', { to_utc: '2026-02-30' }],
    ['from_utc not as YYYY-MM-DD', { from_utc: '01/03/2026' }],
    ['from_utc with a time', { from_utc: '2026-03-01T00:00:00Z' }],
    ['from_utc after to_utc', { from_utc: '2026-03-02', to_utc: '2026-03-01' }],
  ])('answers 400 {code, message} for %s', async (_name, query) => {
    const response = await get(paymentsUrl(kingston.cbdcRef!, query), admin);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
  });

  it('answers 400 for an account reference longer than 64 characters', async () => {
    const response = await get(paymentsUrl('J'.repeat(65)), admin);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
  });
});
