import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('GET /api/profile', () => {
  it('answers 401 without a session', async () => {
    const response = await get('/api/profile');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it("answers the signed-in branch's profile, never another branch's", async () => {
    const { jar } = await signIn(t.app, 'manager.montego@bluemountain.example', DEMO_PASSWORD);
    const response = await get('/api/profile', jar.header());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      merchant_id: 1002,
      organization_id: 'org_1002',
      parent_org_id: 'org_1000',
      parent_name: 'Blue Mountain Coffee House',
      name: 'Blue Mountain Coffee – Montego Bay',
      username: 'bmc.montego',
      has_children: false,
      low_balance_enabled: true,
    });
    // A client-sent organization is ignored: scope comes from the session only.
    const sneaky = await get('/api/profile?org_id=org_1001&merchant_id=1001', jar.header());
    expect(sneaky.json()).toMatchObject({ merchant_id: 1002 });
  });

  it('marks the parent organization as having branches for its super admin', async () => {
    const { jar } = await signIn(t.app, 'superadmin@bluemountain.example', DEMO_PASSWORD);
    expect((await get('/api/profile', jar.header())).json()).toMatchObject({
      organization_id: 'org_1000',
      parent_org_id: null,
      has_children: true,
    });
  });
});

describe('GET /api/account/v1/accounts and /children', () => {
  it('lists only the own merchant accounts, with JAM-DEX where the branch has one', async () => {
    const kingston = await signIn(t.app, 'cashier.kingston@bluemountain.example', DEMO_PASSWORD);
    const ochoRios = await signIn(t.app, 'cashier.ochorios@bluemountain.example', DEMO_PASSWORD);
    const kingstonAccounts = (await get('/api/account/v1/accounts', kingston.jar.header())).json();
    expect(kingstonAccounts.result.map((a: { type: string }) => a.type)).toEqual([
      'LYNK',
      'CBDC',
      'BANK_ACCOUNT',
      'BANK_ACCOUNT',
      'BENEFICIARY',
    ]);
    expect(kingstonAccounts.result[0]).toMatchObject({
      label: 'Main wallet',
      details: { account_id: 'LYNK-1001', currency: 'JMD' },
    });
    expect(kingstonAccounts.result[2]).toMatchObject({
      label: 'NCB ****4321',
      details: { masked_bank_account: '****4321', bank_name: 'National Commercial Bank' },
    });
    // What the simulated world knows about an account (it always fails) is never shown.
    expect(JSON.stringify(kingstonAccounts)).not.toContain('simulate_failure');
    const ochoAccounts = (await get('/api/account/v1/accounts', ochoRios.jar.header())).json();
    expect(ochoAccounts.result.map((a: { details: { account_id: string } }) => a.details.account_id)).toEqual(
      ['LYNK-1003', 'BANK-1003-1', 'BANK-1003-2', 'BENEFICIARY-1003-1'],
    );
  });

  it('lists the branches of the parent organization for its super admin, and none for a branch', async () => {
    const parent = await signIn(t.app, 'superadmin@bluemountain.example', DEMO_PASSWORD);
    const children = (await get('/api/account/v1/accounts/children', parent.jar.header())).json().children;
    expect(children.map((c: { organization_id: string }) => c.organization_id)).toEqual([
      'org_1001',
      'org_1002',
      'org_1003',
    ]);
    expect(children[2].accounts).toEqual([{ id: expect.any(Number), type: 'LYNK' }]);
    // The date each branch joined, the table's sortable date column.
    expect(children.map((c: { created_at: string }) => c.created_at)).toEqual([
      '2019-03-04T15:00:00.000Z',
      '2021-06-14T15:00:00.000Z',
      '2024-02-12T15:00:00.000Z',
    ]);

    const branch = await signIn(t.app, 'admin.kingston@bluemountain.example', DEMO_PASSWORD);
    expect((await get('/api/account/v1/accounts/children', branch.jar.header())).json()).toEqual({
      children: [],
    });
  });

  it('answers 401 without a session', async () => {
    expect((await get('/api/account/v1/accounts')).statusCode).toBe(401);
    expect((await get('/api/account/v1/accounts/children')).statusCode).toBe(401);
  });
});
