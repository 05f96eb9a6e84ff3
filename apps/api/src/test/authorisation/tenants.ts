import { sql } from 'kysely';
import type { GateKey } from '@lynk/contract/permissions';
import { ROLE_IDS } from '@lynk/contract/roles';
import { jamaicaDate } from '../../modules/ledger/jamaica-time.ts';
import { runExport } from '../../modules/reporting/index.ts';
import { SAMPLE_DEMO_PAYEES } from '../../world/demo-payees.ts';
import { EMAIL_DOMAIN } from '../../world/demo-seed.ts';
import { newKey } from '../accounts.ts';
import { payPayLink } from '../pay-links.ts';
import type { TestApp } from '../test-app.ts';
import { bearerFor, CSRF } from './actors.ts';
import {
  accountsOf,
  addStaffMember,
  batchesOf,
  createOutsideMerchant,
  MATRIX_IDS_FROM,
  memberIdentity,
  startIdsAt,
  type BatchRole,
  type StaffTarget,
} from './tenant-rows.ts';

/**
 * The three tenants the matrix calls with: the actors' own branch (Kingston), another branch of
 * the same chain (Montego Bay) and a merchant outside the chain, made here in the test's own copy
 * of the database. Each has one object of every kind, made through the API as its staff would.
 */
type TenantName = 'own branch' | 'another branch' | 'another merchant';

export interface Tenant {
  name: TenantName;
  orgId: string;
  merchantId: number;
  walletId: number;
  cbdcRef: string;
  bankId: number;
  /** A paid order, with what is left to refund, made by the branch's cashier where there is one. */
  order: { id: string; transferId: string; left: number };
  /** Payment requests nobody has paid yet, their pay links' codes: one to pay, one to decline. */
  payCodes: { pay: string; decline: string };
  refundId: string;
  /**
   * Batches in the states each route works on (the seeded branches have them; the merchant outside
   * the chain has its one new batch for all), so that the allowed calls do their work.
   */
  batches: Record<BatchRole, number>;
  /** A staff member who is none of the actors (changing them ends nobody's session). */
  staff: StaffTarget;
  /**
   * A payment's notification: read by whoever may read the order it tells about (the gate of
   * its code, notifications/service.ts), so hidden from the others like another tenant's.
   */
  notification: { id: number; gate: GateKey };
  /** A closed shift of a cashier of the tenant's (the own branch's: the cashier actor's own). */
  shift: { id: string; cashierId: number };
  /** A report made by the tenant's admin: only its maker reads it again. */
  report: { id: number; ownerId: number };
  /** An "Export all" file of the tenant's admin, written: only its maker downloads it. */
  fullExport: { id: number; ownerId: number };
  /**
   * What of this tenant's must never reach a caller of another tenant: ids, names, emails and
   * amounts no other tenant has.
   */
  markers: string[];
}

/** An amount as the answers write it: cents in JSON, dollars in files and notifications. */
function amountWords(cents: number): string[] {
  const dollars = (cents / 100).toFixed(2);
  return [String(cents), dollars, Number(dollars).toLocaleString('en-US', { minimumFractionDigits: 2 })];
}

interface TenantPlan {
  name: TenantName;
  merchantId: number;
  adminEmail: string;
  /** Who makes the paid order (the cashier, so that a cashier's own order is in the matrix). */
  orderMakerEmail: string;
  /** An amount (cents) no other tenant's order has, to find it in an answer. */
  amount: number;
  /** Where this tenant's ids start (another tenant's), or null to keep the seed's sequence. */
  idsFrom: number | null;
}

async function expectCreated(response: { statusCode: number; body: string }, what: string) {
  if (response.statusCode >= 300)
    throw new Error(`${what} answered ${response.statusCode}: ${response.body}`);
}

/**
 * The tenant's order maker's shift closed by its admin, or, where the admin made the order (the
 * merchant outside the chain has no cashier), a new cashier's.
 */
async function closedShift(t: TestApp, plan: TenantPlan, adminAuth: Record<string, string>) {
  const db = t.database.db;
  const cashierId =
    plan.orderMakerEmail === plan.adminEmail
      ? (await addStaffMember(db, plan.merchantId, 'shift-cashier', ROLE_IDS.CASHIER)).id
      : Number((await memberIdentity(db, plan.orderMakerEmail, plan.merchantId)).id);
  const current = await t.app.inject({ url: '/api/payment/shifts/current', headers: adminAuth });
  const open = (current.json().result as Array<{ cashier_id: number; started_at: string }>).find(
    (shift) => shift.cashier_id === cashierId,
  );
  const closed = await t.app.inject({
    method: 'POST',
    url: '/api/payment/shifts/close',
    headers: adminAuth,
    payload: { cashier_id: cashierId, started_at: open?.started_at },
  });
  await expectCreated(closed, 'Closing a shift');
  return { id: closed.json().data.id as string, cashierId };
}

/** Makes one object of each kind for a tenant, through the API, as its staff and a customer would. */
async function makeTenant(t: TestApp, plan: TenantPlan, customerCookie: string): Promise<Tenant> {
  const db = t.database.db;
  if (plan.idsFrom !== null) await startIdsAt(db, plan.idsFrom);
  const admin = await memberIdentity(db, plan.adminEmail, plan.merchantId);
  const adminAuth = { ...CSRF, authorization: await bearerFor(t, admin) };
  const makerAuth = {
    ...CSRF,
    authorization: await bearerFor(t, await memberIdentity(db, plan.orderMakerEmail, plan.merchantId)),
  };
  const post = async (headers: Record<string, string>, url: string, payload: object) => {
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, 'idempotency-key': newKey() },
      payload,
    });
    await expectCreated(response, `POST ${url}`);
    return response.json();
  };
  const payLink = async (amount: number) => {
    const { data } = await post(makerAuth, '/api/payment/customer-transactions', {
      amount_to_pay: amount,
      description: `Matrix ${plan.name}`,
    });
    return { id: data.m_order_id as string, code: (data.short_url as string).split('/pay/')[1]! };
  };

  const paid = await payLink(plan.amount);
  await expectCreated(await payPayLink(t.app, paid.code, customerCookie), 'Paying the order');
  const { transfer_id } = await db
    .selectFrom('orders')
    .select('transfer_id')
    .where('id', '=', paid.id)
    .executeTakeFirstOrThrow();
  const pending = await payLink(plan.amount + 1);
  const declined = await payLink(plan.amount + 2);
  const refund = await post(adminAuth, `/api/payment/${paid.id}/partial-refund`, {
    amount_to_refund: 1_00,
    transferID: transfer_id!,
    motif: 'OTHER',
  });
  const batch = await post(adminAuth, '/api/payment/batch-payments/single-payee', {
    lynk_id: SAMPLE_DEMO_PAYEES[0],
    amount: 5_00,
  });
  const today = jamaicaDate(new Date());
  const report = await post(adminAuth, '/api/reporting/v2/transfers/exports/csv', {
    start: today,
    end: today,
    types: ['Orders'],
  });
  const fullExport = await post(adminAuth, '/api/reporting/v2/exports/all', {
    source: 'orders',
    start: today,
    end: today,
  });
  await runExport({ db, now: () => new Date() }, fullExport.result.id);
  const notification = await db
    .selectFrom('notifications')
    .select('id')
    .where('merchant_id', '=', plan.merchantId)
    .where('code', '=', 'PAYMENT_RECEIVED')
    .where(sql<boolean>`data->>'m_order_id' = ${paid.id}`)
    .executeTakeFirstOrThrow();
  const merchant = await db
    .selectFrom('merchants')
    .select(['name', 'username'])
    .where('id', '=', plan.merchantId)
    .executeTakeFirstOrThrow();
  const accounts = await accountsOf(db, plan.merchantId);
  const shift = await closedShift(t, plan, adminAuth);
  const staff = await addStaffMember(db, plan.merchantId, plan.name.replaceAll(' ', '-'));
  const orgId = admin.org_id;
  return {
    name: plan.name,
    orgId,
    merchantId: plan.merchantId,
    ...accounts,
    order: { id: paid.id, transferId: transfer_id!, left: plan.amount - 1_00 },
    payCodes: { pay: pending.code, decline: declined.code },
    refundId: refund.data.refund_transfer_id,
    batches: await batchesOf(db, plan.merchantId, batch.payees[0].batch_id),
    staff,
    notification: { id: Number(notification.id), gate: 'ordersTab' },
    report: { id: Number(report.result.report.id), ownerId: Number(admin.id) },
    shift,
    fullExport: { id: Number(fullExport.result.id), ownerId: Number(admin.id) },
    markers: [
      paid.id,
      String(batch.payees[0].batch_id),
      notification.id,
      report.result.report.id,
      String(staff.id),
      pending.id,
      pending.code,
      declined.id,
      declined.code,
      refund.data.refund_transfer_id,
      transfer_id!,
      merchant.name,
      merchant.username,
      staff.email,
      staff.displayName,
      staff.authId,
      ...amountWords(plan.amount),
      ...amountWords(plan.amount + 1),
      ...amountWords(plan.amount + 2),
    ],
  };
}

/** The three tenants, each with one object of every kind. */
export async function makeTenants(t: TestApp, customerCookie: string): Promise<Tenant[]> {
  const outside = await createOutsideMerchant(t.database.db);
  const email = (local: string) => `${local}@${EMAIL_DOMAIN}`;
  const plans: TenantPlan[] = [
    {
      name: 'own branch',
      merchantId: 1001,
      adminEmail: email('admin.kingston'),
      orderMakerEmail: email('cashier.kingston'),
      amount: 3_141_59,
      idsFrom: null,
    },
    {
      name: 'another branch',
      merchantId: 1002,
      adminEmail: email('admin.montego'),
      orderMakerEmail: email('cashier.montego'),
      amount: 2_718_28,
      idsFrom: 710_000_000,
    },
    {
      name: 'another merchant',
      merchantId: outside.merchantId,
      adminEmail: outside.adminEmail,
      orderMakerEmail: outside.adminEmail,
      amount: 1_414_21,
      idsFrom: 720_000_000,
    },
  ];
  const tenants: Tenant[] = [];
  for (const plan of plans) tenants.push(await makeTenant(t, plan, customerCookie));
  await startIdsAt(t.database.db, MATRIX_IDS_FROM);
  return tenants;
}
