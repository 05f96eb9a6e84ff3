import type { SessionIdentity } from '@lynk/contract/session';
import { leavesAWallet } from '@lynk/contract/transfers';
import { DEMO_CUSTOMER } from '../../world/demo-consumers.ts';
import { SAMPLE_DEMO_PAYEES } from '../../world/demo-payees.ts';
import { DEMO_PASSWORD, EMAIL_DOMAIN } from '../../world/demo-seed.ts';
import { jamaicaDate } from '../../modules/ledger/jamaica-time.ts';
import { newKey } from '../accounts.ts';
import type { TestApp } from '../test-app.ts';
import type { Target } from './expectations.ts';
import { addStaffMember } from './tenant-rows.ts';
import type { Tenant } from './tenants.ts';

/**
 * How the matrix calls each route: a real request, valid in every part but who sends it, with the
 * ids of one tenant's objects. Only the requests live here; what each caller should get back is
 * worked out from the access table (expectations.ts).
 */
export interface Call {
  method: string;
  url: string;
  payload?: object | string;
  headers?: Record<string, string>;
}

interface CallContext {
  t: TestApp;
  tenant: Tenant;
}

export interface RouteRequest {
  /** Names a tenant's object: called once per tenant (otherwise once, as the actor's own merchant). */
  perTenant: boolean;
  build(context: CallContext): Call | Promise<Call>;
  /**
   * Whose record or what gate the named object has (see `Target`); `ownTenant: false` for an
   * object the caller's own organisation does not have (a chain, for a branch).
   */
  target?(tenant: Tenant): Partial<Target>;
  /** Ends the caller's session or changes who they are: called after every other route. */
  last?: true;
  /** The same route on the caller's own record (one's own needs no `othersNeed`). */
  ownRecord?(identity: SessionIdentity): Call;
}

const get = (url: string): Call => ({ method: 'GET', url });
const once = (build: () => Call): RouteRequest => ({ perTenant: false, build });
const perTenant = (
  build: (tenant: Tenant, context: CallContext) => Call | Promise<Call>,
  target?: RouteRequest['target'],
): RouteRequest => ({
  perTenant: true,
  build: (context) => build(context.tenant, context),
  ...(target ? { target } : {}),
});
const money = (call: Call): Call => ({ ...call, headers: { 'idempotency-key': newKey(), ...call.headers } });
const today = () => jamaicaDate(new Date());
const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

const CASH_OUT = { transfer_type: 'CASH_OUT', account_type: 'BANK_ACCOUNT' } as const;

const staffQr = (displayName: string, authId: string) =>
  `/api/profile/v2/qr-code/${encodeURIComponent(displayName)}/${encodeURIComponent(authId)}`;

const staffOwner = (tenant: Tenant) => ({ ownerId: tenant.staff.id });

/** The keys are the access table's; each route of the app has one. */
export const ROUTE_REQUESTS: Readonly<Record<string, RouteRequest>> = {
  'GET /api/openapi.json': once(() => get('/api/openapi.json')),
  'GET /api/docs': once(() => get('/api/docs')),
  'GET /api/docs/static/index.html': once(() => get('/api/docs/static/index.html')),
  'GET /api/docs/static/swagger-initializer.js': once(() => get('/api/docs/static/swagger-initializer.js')),
  'GET /api/docs/json': once(() => get('/api/docs/json')),
  'GET /api/docs/yaml': once(() => get('/api/docs/yaml')),
  'GET /api/docs/static/*': once(() => get('/api/docs/static/swagger-ui.css')),
  'GET /healthz': once(() => get('/healthz')),
  'GET /readyz': once(() => get('/readyz')),
  'GET /metrics': once(() => get('/metrics')),
  'GET /dev/mail': once(() => get('/dev/mail')),

  'GET /auth/login': once(() => get('/auth/login?returnTo=%2F')),
  'GET /auth/callback': once(() => get('/auth/callback')),
  'POST /auth/logout': { ...once(() => ({ method: 'POST', url: '/auth/logout' })), last: true },
  'GET /auth/step-up': once(() => get('/auth/step-up?returnTo=%2F')),
  'GET /auth/step-up/done': once(() => get('/auth/step-up/done')),
  'GET /auth/step-up/done.js': once(() => get('/auth/step-up/done.js')),
  'GET /auth/two-factor': once(() => get('/auth/two-factor?returnTo=%2F')),
  '* /oidc': once(() => get('/oidc')),
  '* /oidc/*': once(() => get('/oidc/.well-known/openid-configuration')),
  'GET /oidc-assets/:file': once(() => get('/oidc-assets/idp.css')),
  'GET /oidc/interaction/:uid': once(() => get('/oidc/interaction/unknown-interaction')),
  'POST /oidc/interaction/:uid/login': once(() => ({
    method: 'POST',
    url: '/oidc/interaction/unknown-interaction/login',
    ...form({ email: DEMO_CUSTOMER.email, password: 'not the password' }),
  })),
  'POST /oidc/interaction/:uid/password': once(() => ({
    method: 'POST',
    url: '/oidc/interaction/unknown-interaction/password',
    ...form({ password: 'not the password' }),
  })),
  'POST /oidc/interaction/:uid/second-factor': once(() => ({
    method: 'POST',
    url: '/oidc/interaction/unknown-interaction/second-factor',
    ...form({ code: '000000' }),
  })),
  'POST /oidc/interaction/:uid/enrol': once(() => ({
    method: 'POST',
    url: '/oidc/interaction/unknown-interaction/enrol',
    ...form({ code: '000000' }),
  })),
  'GET /oidc/activate/:token': once(() => get('/oidc/activate/not-a-token')),
  'POST /oidc/activate/:token': once(() => ({
    method: 'POST',
    url: '/oidc/activate/not-a-token',
    ...form({ password: 'Matrix!Password2026', confirm: 'Matrix!Password2026' }),
  })),

  'GET /api/session': once(() => get('/api/session')),
  'GET /api/session/two-factor': once(() => get('/api/session/two-factor')),

  'GET /api/payment/pay/:code': perTenant((tenant) => get(`/api/payment/pay/${tenant.payCodes.pay}`)),
  'POST /api/payment/pay/:code': perTenant((tenant) =>
    money({ method: 'POST', url: `/api/payment/pay/${tenant.payCodes.pay}` }),
  ),
  'POST /api/payment/pay/:code/decline': perTenant((tenant) => ({
    method: 'POST',
    url: `/api/payment/pay/${tenant.payCodes.decline}/decline`,
  })),
  'POST /api/consumer-auth/sign-in': once(() => ({
    method: 'POST',
    url: '/api/consumer-auth/sign-in',
    payload: { email: DEMO_CUSTOMER.email, password: DEMO_PASSWORD },
  })),
  'GET /api/consumer-auth/session': once(() => get('/api/consumer-auth/session')),
  'POST /api/consumer-auth/sign-out': {
    ...once(() => ({ method: 'POST', url: '/api/consumer-auth/sign-out' })),
    last: true,
  },

  'GET /api/account/v1/accounts': once(() => get('/api/account/v1/accounts')),
  'GET /api/account/v1/accounts/children': once(() => get('/api/account/v1/accounts/children')),
  'GET /api/account/v2/accounts/:id/balance': perTenant((tenant) =>
    get(`/api/account/v2/accounts/${tenant.walletId}/balance`),
  ),
  'GET /api/account/v1/accounts/:id/limits': perTenant((tenant) =>
    get(`/api/account/v1/accounts/${tenant.walletId}/limits?period=1&transfer_type=TOP`),
  ),
  'POST /api/account/v1/accounts/:id/transfers': perTenant(
    (tenant) =>
      money({
        method: 'POST',
        url: `/api/account/v1/accounts/${tenant.walletId}/transfers`,
        payload: { ...CASH_OUT, account_id: tenant.bankId, amount: 10_00 },
      }),
    () => ({ moneyLeaves: leavesAWallet(CASH_OUT) }),
  ),
  'GET /api/account/v2/connected-account-transactions': once(() =>
    get('/api/account/v2/connected-account-transactions'),
  ),
  'GET /api/account/v1/accounts/:id/payments': perTenant((tenant) =>
    get(`/api/account/v1/accounts/${tenant.cbdcRef}/payments`),
  ),
  'GET /api/account/v1/accounts/:id/export': perTenant((tenant) =>
    get(`/api/account/v1/accounts/${tenant.walletId}/export?from=${today()}&to=${today()}`),
  ),

  'GET /api/profile': once(() => get('/api/profile')),
  'PUT /api/profile': once(() => ({
    method: 'PUT',
    url: '/api/profile',
    payload: { low_balance_threshold: 5000 },
  })),
  'GET /api/profile/payee-lookup': once(() =>
    get(`/api/profile/payee-lookup?lynk_id=${encodeURIComponent(SAMPLE_DEMO_PAYEES[0])}`),
  ),
  'GET /api/profile/notifications': once(() => get('/api/profile/notifications')),
  'GET /api/profile/notifications/unread-count': once(() => get('/api/profile/notifications/unread-count')),
  'GET /api/profile/notifications/stream': once(() => get('/api/profile/notifications/stream')),
  'PUT /api/profile/notifications/read-all': once(() => ({
    method: 'PUT',
    url: '/api/profile/notifications/read-all',
  })),
  'PUT /api/profile/notifications/:id/read': perTenant(
    (tenant) => ({ method: 'PUT', url: `/api/profile/notifications/${tenant.notification.id}/read` }),
    (tenant) => ({ readGate: tenant.notification.gate }),
  ),
  'GET /api/profile/notifications-preferences': once(() => get('/api/profile/notifications-preferences')),
  // The low balance alert's switch: it tells the balance, so switching it needs balance read.
  'PUT /api/profile/notifications-preferences': {
    ...once(() => ({
      method: 'PUT',
      url: '/api/profile/notifications-preferences',
      payload: { notification_preferences: [{ code: 'LOW_BALANCE', enabled: true }] },
    })),
    target: () => ({ bodyNeeds: 'balance' }),
  },
  'GET /api/profile/qr-code': once(() => get('/api/profile/qr-code')),
  'GET /api/profile/v2/qr-code': once(() => get('/api/profile/v2/qr-code')),
  'GET /api/profile/v2/qr-code/:displayName/:authId': {
    ...perTenant((tenant) => get(staffQr(tenant.staff.displayName, tenant.staff.authId)), staffOwner),
    ownRecord: (identity) => get(staffQr(identity.displayName, identity.authID)),
  },
  'GET /api/profile/v2/roles': once(() => get('/api/profile/v2/roles')),
  'GET /api/profile/v3/staff': once(() => get('/api/profile/v3/staff')),
  'GET /api/profile/v3/staff/:id': {
    ...perTenant((tenant) => get(`/api/profile/v3/staff/${tenant.staff.id}`), staffOwner),
    ownRecord: (identity) => get(`/api/profile/v3/staff/${identity.id}`),
  },
  'POST /api/profile/v3/staff': perTenant((tenant) => ({
    method: 'POST',
    url: '/api/profile/v3/staff',
    payload: {
      email: `matrix.new.${newKey()}@${EMAIL_DOMAIN}`.toLowerCase(),
      display_name: 'Matrix Newcomer',
      merchants: [{ merchant_id: tenant.merchantId, role_id: 3, show_qr_display_name: false, active: true }],
    },
  })),
  'PATCH /api/profile/v3/staff/:id': perTenant(
    (tenant) => ({
      method: 'PATCH',
      url: `/api/profile/v3/staff/${tenant.staff.id}`,
      payload: {
        merchant_id: tenant.merchantId,
        auth_id: tenant.staff.authId,
        email: tenant.staff.email,
        display_name: tenant.staff.displayName,
        role_id: 2,
        show_qr_display_name: false,
        active: true,
      },
    }),
    staffOwner,
  ),
  // A member of the tenant's made for each call: one deleted leaves the others theirs.
  'DELETE /api/profile/v3/staff/:id': perTenant(async (tenant, { t }) => {
    const member = await addStaffMember(t.database.db, tenant.merchantId, 'leaver');
    return { method: 'DELETE', url: `/api/profile/v3/staff/${member.id}` };
  }),

  'GET /api/payment/customer-transactions': once(() => get('/api/payment/customer-transactions')),
  'GET /api/payment/customer-transactions/:id': perTenant((tenant) =>
    get(`/api/payment/customer-transactions/${tenant.order.id}`),
  ),
  'POST /api/payment/customer-transactions': once(() =>
    money({
      method: 'POST',
      url: '/api/payment/customer-transactions',
      payload: { amount_to_pay: 12_00, description: 'Matrix' },
    }),
  ),
  'POST /api/payment/:id/full-refund': perTenant((tenant) =>
    money({
      method: 'POST',
      url: `/api/payment/${tenant.order.id}/full-refund`,
      payload: { amount_to_refund: tenant.order.left, transferID: tenant.order.transferId, motif: 'OTHER' },
    }),
  ),
  'POST /api/payment/:id/partial-refund': perTenant((tenant) =>
    money({
      method: 'POST',
      url: `/api/payment/${tenant.order.id}/partial-refund`,
      payload: { amount_to_refund: 1_00, transferID: tenant.order.transferId, motif: 'OTHER' },
    }),
  ),
  'GET /api/payment/refund-transactions': once(() => get('/api/payment/refund-transactions')),

  // The analytics page: the caller's merchant's figures; a chain's only for a parent organisation,
  // and every actor is signed in to a branch, whose chain does not exist (404).
  'GET /api/payment/analytics': once(() => get(`/api/payment/analytics?from=${today()}&to=${today()}`)),
  'GET /api/payment/analytics/chain': {
    ...once(() => get(`/api/payment/analytics/chain?from=${today()}&to=${today()}`)),
    target: () => ({ ownTenant: false }),
  },
  'GET /api/payment/shifts/current': once(() => get('/api/payment/shifts/current')),
  'GET /api/payment/shifts': once(() => get('/api/payment/shifts')),
  'GET /api/payment/shifts/:id': perTenant((tenant) => get(`/api/payment/shifts/${tenant.shift.id}`)),
  'GET /api/payment/shifts/:id/csv': perTenant((tenant) => get(`/api/payment/shifts/${tenant.shift.id}/csv`)),
  // The own branch's cashier's shift, as it was when it opened long ago: past the checks, a 409.
  'POST /api/payment/shifts/close': {
    perTenant: false,
    build: ({ tenant }) => ({
      method: 'POST',
      url: '/api/payment/shifts/close',
      payload: { cashier_id: tenant.shift.cashierId, started_at: new Date(0).toISOString() },
    }),
  },
  'POST /api/payment/shifts/:id/reopen': perTenant((tenant) => ({
    method: 'POST',
    url: `/api/payment/shifts/${tenant.shift.id}/reopen`,
    payload: { reason: 'Matrix' },
  })),

  'GET /api/payment/batch-payments': once(() => get('/api/payment/batch-payments')),
  'GET /api/payment/batch-payments/template': once(() => get('/api/payment/batch-payments/template')),
  'GET /api/payment/batch-payments/:id': perTenant((tenant) =>
    get(`/api/payment/batch-payments/${tenant.batches.validated}`),
  ),
  'GET /api/payment/batch-payments/:id/csv': perTenant((tenant) =>
    get(`/api/payment/batch-payments/${tenant.batches.withErrors}/csv?include_errors=true`),
  ),
  'GET /api/payment/batch-payments/:id/receipt': perTenant((tenant) =>
    get(`/api/payment/batch-payments/${tenant.batches.completed}/receipt`),
  ),
  'POST /api/payment/batch-payments': perTenant((tenant) =>
    money({
      method: 'POST',
      url: '/api/payment/batch-payments',
      payload: {
        merchant_id: tenant.merchantId,
        name: 'Matrix',
        csv: Buffer.from(`lynk_id,amount\n${SAMPLE_DEMO_PAYEES[1]},500\n`).toString('base64'),
      },
    }),
  ),
  'POST /api/payment/batch-payments/single-payee': once(() =>
    money({
      method: 'POST',
      url: '/api/payment/batch-payments/single-payee',
      payload: { lynk_id: SAMPLE_DEMO_PAYEES[2], amount: 5_00 },
    }),
  ),
  'POST /api/payment/batch-payments/:id/request': perTenant((tenant) => ({
    method: 'POST',
    url: `/api/payment/batch-payments/${tenant.batches.validated}/request`,
  })),
  'POST /api/payment/batch-payments/:id/reject': perTenant((tenant) => ({
    method: 'POST',
    url: `/api/payment/batch-payments/${tenant.batches.validated}/reject`,
    payload: { reason: 'Matrix' },
  })),
  'POST /api/payment/batch-payments/:id/approve': perTenant((tenant) => ({
    method: 'POST',
    url: `/api/payment/batch-payments/${tenant.batches.pending}/approve`,
    payload: { account_type: 'LYNK', account_id: tenant.walletId },
  })),

  'GET /api/audit-log': once(() => get('/api/audit-log')),
  'GET /api/audit-log/export.csv': once(() => get(`/api/audit-log/export.csv?from_utc=${today()}`)),

  'POST /api/reporting/v2/transfers/exports/csv': once(() => ({
    method: 'POST',
    url: '/api/reporting/v2/transfers/exports/csv',
    payload: { start: today(), end: today(), types: ['Orders'] },
  })),
  'GET /api/reporting/v2/transfers/exports': once(() => get('/api/reporting/v2/transfers/exports')),
  'GET /api/reporting/v2/transfers/exports/:id/csv': perTenant(
    (tenant) => get(`/api/reporting/v2/transfers/exports/${tenant.report.id}/csv`),
    (tenant) => ({ ownerId: tenant.report.ownerId }),
  ),
  'POST /api/reporting/v2/exports/all': once(() => ({
    method: 'POST',
    url: '/api/reporting/v2/exports/all',
    payload: { source: 'orders', start: today(), end: today() },
  })),
  'GET /api/reporting/v2/exports/all/:id/csv': perTenant(
    (tenant) => get(`/api/reporting/v2/exports/all/${tenant.fullExport.id}/csv`),
    (tenant) => ({ ownerId: tenant.fullExport.ownerId }),
  ),
};
