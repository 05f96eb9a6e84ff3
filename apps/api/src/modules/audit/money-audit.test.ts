import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@lynk/contract/session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKey } from '../../test/accounts.ts';
import { createPayLink, payPayLink, signInCustomer } from '../../test/pay-links.ts';
import { createTestApp, signIn, type TestApp, userIdOf } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';
import { DEMO_CUSTOMER } from '../../world/demo-consumers.ts';

// Money moving and batches decided, each as one audit row: who, at which merchant, what, from where.
const ADDRESS = '192.0.2.44';
let t: TestApp;
let admin: string;
let manager: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signIn(t.app, 'admin.kingston@bluemountain.example', DEMO_PASSWORD)).jar.header();
  manager = (await signIn(t.app, 'manager.kingston@bluemountain.example', DEMO_PASSWORD)).jar.header();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, cookie: string, payload: object = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { cookie, [CSRF_HEADER]: CSRF_HEADER_VALUE, 'idempotency-key': newKey() },
    remoteAddress: ADDRESS,
    payload,
  });

function auditOf(action: string, subject: string) {
  return t.database.db
    .selectFrom('audit_log')
    .select(['actor_user_id', 'organization_id', 'details', 'ip'])
    .where('action', '=', action)
    .where('subject', '=', subject)
    .execute();
}

async function batchOf(status: string) {
  const row = await t.database.db
    .selectFrom('batch_payments')
    .select('id')
    .where('merchant_id', '=', 1001)
    .where('status', '=', status as never)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('money movements are audited', () => {
  it('records a pay link paid, then its partial and full refunds, with the refunder and their address', async () => {
    const link = await createPayLink(t.app, manager, { amount: 20_00, description: 'Audit flat white' });
    const customer = await signInCustomer(t.app, { email: DEMO_CUSTOMER.email, password: DEMO_PASSWORD });
    expect((await payPayLink(t.app, link.code, customer.cookie)).statusCode).toBe(200);
    // The customer is no staff member: no actor, but the merchant's row and the customer's address.
    expect(await auditOf('order.paid', link.id)).toEqual([
      {
        actor_user_id: null,
        organization_id: 'org_1001',
        details: { consumer: DEMO_CUSTOMER.handle, amount: 20_00 },
        ip: expect.any(String),
      },
    ]);

    const order = await t.database.db
      .selectFrom('orders')
      .select('transfer_id')
      .where('id', '=', link.id as never)
      .executeTakeFirstOrThrow();
    const transferID = String(order.transfer_id);
    const refund = (kind: string, amount: number) =>
      post(`/api/payment/${link.id}/${kind}-refund`, admin, {
        amount_to_refund: amount,
        transferID,
        motif: 'WRONG',
        description: '',
      });
    expect((await refund('partial', 5_00)).statusCode).toBe(201);
    expect((await refund('full', 15_00)).statusCode).toBe(201);
    const adminId = await userIdOf(t.database.db, 'admin.kingston@bluemountain.example');
    expect(await auditOf('order.partially_refunded', link.id)).toEqual([
      {
        actor_user_id: adminId,
        organization_id: 'org_1001',
        details: { amount: 5_00, motif: 'WRONG' },
        ip: ADDRESS,
      },
    ]);
    expect(await auditOf('order.refunded', link.id)).toEqual([
      {
        actor_user_id: adminId,
        organization_id: 'org_1001',
        details: { amount: 15_00, motif: 'WRONG' },
        ip: ADDRESS,
      },
    ]);
  });

  it("records a request the customer declined on the merchant's audit log", async () => {
    const link = await createPayLink(t.app, manager, { amount: 9_00, description: 'Declined muffin' });
    const customer = await signInCustomer(t.app, { email: DEMO_CUSTOMER.email, password: DEMO_PASSWORD });
    const declined = await t.app.inject({
      method: 'POST',
      url: `/api/payment/pay/${link.code}/decline`,
      headers: { cookie: customer.cookie, [CSRF_HEADER]: CSRF_HEADER_VALUE },
      remoteAddress: ADDRESS,
    });
    expect(declined.statusCode).toBe(200);
    expect(await auditOf('order.declined', link.id)).toEqual([
      expect.objectContaining({ actor_user_id: null, organization_id: 'org_1001', ip: ADDRESS }),
    ]);
  });
});

describe('batch decisions are audited', () => {
  it('records a batch sent for approval and rejected, with the reason', async () => {
    const batchId = await batchOf('VALIDATED');
    expect((await post(`/api/payment/batch-payments/${batchId}/request`, manager)).statusCode).toBe(200);
    const rejected = await post(`/api/payment/batch-payments/${batchId}/reject`, admin, {
      reason: 'Wrong week',
    });
    expect(rejected.statusCode).toBe(200);
    expect(await auditOf('batch.approval_requested', String(batchId))).toEqual([
      expect.objectContaining({
        actor_user_id: await userIdOf(t.database.db, 'manager.kingston@bluemountain.example'),
        ip: ADDRESS,
      }),
    ]);
    expect(await auditOf('batch.rejected', String(batchId))).toEqual([
      expect.objectContaining({
        actor_user_id: await userIdOf(t.database.db, 'admin.kingston@bluemountain.example'),
        organization_id: 'org_1001',
        details: { reason: 'Wrong week' },
        ip: ADDRESS,
      }),
    ]);
  });

  it('records a batch approved, with the wallet it is paid from', async () => {
    const batchId = await batchOf('PENDING_APPROVAL');
    const approver = (
      await signIn(t.app, 'superadmin@bluemountain.example', DEMO_PASSWORD, { org: 'org_1001' })
    ).jar.header();
    const wallet = await t.database.db
      .selectFrom('accounts')
      .select('id')
      .where('merchant_id', '=', 1001)
      .where('type', '=', 'LYNK')
      .executeTakeFirstOrThrow();
    const approved = await post(`/api/payment/batch-payments/${batchId}/approve`, approver, {
      account_type: 'LYNK',
      account_id: wallet.id,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await auditOf('batch.approved', String(batchId))).toEqual([
      expect.objectContaining({
        actor_user_id: await userIdOf(t.database.db, 'superadmin@bluemountain.example'),
        organization_id: 'org_1001',
        details: { account_id: wallet.id, account_type: 'LYNK' },
        ip: ADDRESS,
      }),
    ]);
  });
});
