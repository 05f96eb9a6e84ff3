import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@lynk/contract/session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branchAccounts } from '../../test/accounts.ts';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';
import { jamaicaDate } from '../ledger/jamaica-time.ts';

// Files leaving the product, which the audit log lacked. Each row must say who (actor), at which
// merchant (organisation), what (action, subject) and from where (address).
const ADMIN = 'admin.kingston@bluemountain.example';
const ADDRESS = '203.0.113.7';

let t: TestApp;
let admin: string;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signIn(t.app, ADMIN, DEMO_PASSWORD)).jar.header();
  adminId = (await userOf(ADMIN)).id;
});
afterAll(async () => {
  await t.close();
});

function userOf(email: string) {
  return t.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
}

const get = (url: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: admin }, remoteAddress: ADDRESS });

function rowsOf(action: string) {
  return t.database.db
    .selectFrom('audit_log')
    .select(['actor_user_id', 'organization_id', 'subject', 'details', 'ip', 'at'])
    .where('action', '=', action)
    .orderBy('id')
    .execute();
}

async function batchOfKingston(statuses: string[]): Promise<number> {
  const row = await t.database.db
    .selectFrom('batch_payments')
    .select('id')
    .where('merchant_id', '=', 1001)
    .where('status', 'in', statuses as never[])
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('files leaving the product are audited', () => {
  it("records a wallet's export with who, where, what and from which address", async () => {
    const { wallet } = await branchAccounts(t, 1001);
    const today = jamaicaDate(new Date());
    const response = await get(`/api/account/v1/accounts/${wallet}/export?from=${today}&to=${today}`);
    expect(response.statusCode).toBe(200);
    const [row] = await rowsOf('account.exported');
    expect(row).toMatchObject({
      actor_user_id: adminId,
      organization_id: 'org_1001',
      subject: `account:${wallet}`,
      details: { from: today, to: today, entries: expect.any(Number) },
      ip: ADDRESS,
    });
  });

  it('records no export that was refused', async () => {
    const before = (await rowsOf('account.exported')).length;
    const { wallet } = await branchAccounts(t, 1001);
    const response = await get(`/api/account/v1/accounts/${wallet}/export?from=1999-12-01&to=1999-12-02`);
    expect(response.statusCode).toBe(400);
    expect((await rowsOf('account.exported')).length).toBe(before);
  });

  it("records a batch's file downloaded with its error log", async () => {
    const batchId = await batchOfKingston(['COMPLETED', 'FAILED', 'VALIDATED', 'INVALID_PAYEE']);
    const response = await get(`/api/payment/batch-payments/${batchId}/csv?include_errors=true`);
    expect(response.statusCode).toBe(200);
    expect(await rowsOf('batch.file_downloaded')).toEqual([
      expect.objectContaining({
        actor_user_id: adminId,
        organization_id: 'org_1001',
        subject: String(batchId),
        details: { include_errors: true },
        ip: ADDRESS,
      }),
    ]);
  });

  it("records a processed batch's receipt downloaded", async () => {
    const batchId = await batchOfKingston(['COMPLETED']);
    const response = await get(`/api/payment/batch-payments/${batchId}/receipt`);
    expect(response.statusCode).toBe(200);
    expect(await rowsOf('batch.receipt_downloaded')).toEqual([
      expect.objectContaining({ actor_user_id: adminId, subject: String(batchId), ip: ADDRESS }),
    ]);
  });

  it('records a report downloaded again from Last Reports', async () => {
    const today = jamaicaDate(new Date());
    const exported = await t.app.inject({
      method: 'POST',
      url: '/api/reporting/v2/transfers/exports/csv',
      headers: { cookie: admin, [CSRF_HEADER]: CSRF_HEADER_VALUE },
      remoteAddress: ADDRESS,
      payload: { start: today, end: today, wallet: 'lynk', types: ['Orders'] },
    });
    expect(exported.statusCode).toBe(200);
    const id = exported.json().result.report.id as number;
    expect((await get(`/api/reporting/v2/transfers/exports/${id}/csv`)).statusCode).toBe(200);
    expect(await rowsOf('report.downloaded')).toEqual([
      expect.objectContaining({ actor_user_id: adminId, subject: `report:${id}`, ip: ADDRESS }),
    ]);
  });
});
