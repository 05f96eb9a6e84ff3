import { ACCOUNT_LIST_GATE } from './accounts.ts';
import { BATCH_REJECT_GATE } from './batches.ts';
import type { Gate, GateKey } from './permissions.ts';

/**
 * Who may call each route of the API, declared once (the authorisation matrix, architecture
 * section 9). The routes keep their own `requireGate(...)`; the matrix test calls every route as
 * every kind of caller and proves the two agree, and fails on a route missing from this table or
 * an entry whose route is gone.
 */

/**
 * `public`: anyone, signed in or not (the sign-in flow and identity provider, the pay page's
 * link, health checks, the API's documentation). `customer`: the pay page's signed-in customer
 * (their own cookie; no staff session counts). `signed-in`: any staff member, by session or
 * bearer token, whatever their permissions. A gate key or gate: a staff member who passes it.
 */
type RouteCaller = 'public' | 'customer' | 'signed-in' | GateKey | Gate;

/**
 * Whose objects the route reads or writes, always from the caller's session, never from an id
 * the client sends: `merchant` the caller's merchant (another's object answers 404), `caller` the
 * caller's own records within it, `organization` the caller's organization and its branches,
 * `consumer` the signed-in customer's wallet, `none` nothing of a tenant's.
 */
type RouteTenancy = 'merchant' | 'caller' | 'organization' | 'consumer' | 'none';

export interface RouteAccess {
  caller: RouteCaller;
  tenancy: RouteTenancy;
  /** Someone else's record needs this gate as well (one's own needs only `caller`). */
  othersNeed?: GateKey;
  /** Another tenant's record answers 404 before `othersNeed` is checked (otherwise 403 first). */
  tenantBeforeOthers?: true;
  /** A recent second factor (ADR 030): always, or only when money leaves a wallet. */
  stepUp?: 'always' | 'money-leaving';
  /**
   * What another merchant's id in the body answers when it is not 404: a staff member is never
   * registered into another merchant (403 with the spec's text).
   */
  otherTenant?: 403;
}

const open = (tenancy: RouteTenancy = 'none'): RouteAccess => ({ caller: 'public', tenancy });
const signedIn = (tenancy: RouteTenancy): RouteAccess => ({ caller: 'signed-in', tenancy });
const gated = (caller: GateKey | Gate, extra: Partial<RouteAccess> = {}): RouteAccess => ({
  caller,
  tenancy: 'merchant',
  ...extra,
});

/**
 * Every route, as `METHOD /path` with Fastify's `:param` (a `*` method: any method, for the
 * identity provider's own routes). HEAD answers as GET does.
 */
export const ROUTE_ACCESS: Readonly<Record<string, RouteAccess>> = {
  // The API's documentation and health.
  'GET /api/openapi.json': open(),
  'GET /api/docs': open(),
  'GET /api/docs/static/index.html': open(),
  'GET /api/docs/static/swagger-initializer.js': open(),
  'GET /api/docs/json': open(),
  'GET /api/docs/yaml': open(),
  'GET /api/docs/static/*': open(),
  'GET /healthz': open(),
  'GET /readyz': open(),
  // The server's metrics: no session opens them, only the scraper's own bearer token (METRICS_TOKEN);
  // every caller of the portal gets the unknown-address 404.
  'GET /metrics': open(),
  // What the demo would have emailed: registered in the demo only, answered to this machine only.
  'GET /dev/mail': open(),

  // Signing in: the BFF's redirects and the identity provider, guarded by their own protocol.
  'GET /auth/login': open(),
  'GET /auth/callback': open(),
  'POST /auth/logout': open(),
  'GET /auth/step-up': open(),
  'GET /auth/step-up/done': open(),
  'GET /auth/step-up/done.js': open(),
  'GET /auth/two-factor': open(),
  '* /oidc': open(),
  '* /oidc/*': open(),
  'GET /oidc-assets/:file': open(),
  'GET /oidc/interaction/:uid': open(),
  'POST /oidc/interaction/:uid/login': open(),
  'POST /oidc/interaction/:uid/password': open(),
  'POST /oidc/interaction/:uid/second-factor': open(),
  'POST /oidc/interaction/:uid/enrol': open(),
  'GET /oidc/activate/:token': open(),
  'POST /oidc/activate/:token': open(),

  'GET /api/session': signedIn('caller'),
  'GET /api/session/two-factor': signedIn('caller'),

  // The customer's pay page.
  'GET /api/payment/pay/:code': open('merchant'),
  'POST /api/payment/pay/:code': { caller: 'customer', tenancy: 'consumer' },
  'POST /api/payment/pay/:code/decline': { caller: 'customer', tenancy: 'consumer' },
  'POST /api/consumer-auth/sign-in': open('consumer'),
  'GET /api/consumer-auth/session': open('consumer'),
  'POST /api/consumer-auth/sign-out': open('consumer'),

  // Accounts.
  'GET /api/account/v1/accounts': gated(ACCOUNT_LIST_GATE),
  'GET /api/account/v1/accounts/children': signedIn('organization'),
  'GET /api/account/v2/accounts/:id/balance': gated('balance'),
  'GET /api/account/v1/accounts/:id/limits': gated('accountLimits'),
  'POST /api/account/v1/accounts/:id/transfers': gated('transfer', { stepUp: 'money-leaving' }),
  'GET /api/account/v2/connected-account-transactions': gated('transfersHistoryTab'),
  'GET /api/account/v1/accounts/:id/payments': gated('paymentsTab'),
  'GET /api/account/v1/accounts/:id/export': gated('exportReport'),

  // Profile, notifications, QR codes, staff.
  'GET /api/profile': signedIn('merchant'),
  'PUT /api/profile': gated('thresholdEdit'),
  'GET /api/profile/payee-lookup': gated('createPayments', { tenancy: 'none' }),
  'GET /api/profile/notifications': signedIn('merchant'),
  'GET /api/profile/notifications/unread-count': signedIn('merchant'),
  'GET /api/profile/notifications/stream': signedIn('merchant'),
  'PUT /api/profile/notifications/read-all': signedIn('caller'),
  'PUT /api/profile/notifications/:id/read': signedIn('caller'),
  'GET /api/profile/notifications-preferences': signedIn('merchant'),
  'PUT /api/profile/notifications-preferences': signedIn('merchant'),
  'GET /api/profile/qr-code': gated('qrDownload'),
  'GET /api/profile/v2/qr-code': gated('qrDownload'),
  'GET /api/profile/v2/qr-code/:displayName/:authId': gated('qrDownload', {
    othersNeed: 'staffMenu',
    tenantBeforeOthers: true,
  }),
  'GET /api/profile/v2/roles': gated('staffMenu', { tenancy: 'none' }),
  'GET /api/profile/v3/staff': gated('staffMenu'),
  'GET /api/profile/v3/staff/:id': { caller: 'signed-in', tenancy: 'merchant', othersNeed: 'staffMenu' },
  'POST /api/profile/v3/staff': gated('addUser', { stepUp: 'always', otherTenant: 403 }),
  'PATCH /api/profile/v3/staff/:id': gated({ allOf: ['update:staff'] }, { stepUp: 'always' }),
  'DELETE /api/profile/v3/staff/:id': gated({ allOf: ['delete:staff'] }, { stepUp: 'always' }),

  // Orders and refunds.
  'GET /api/payment/customer-transactions': gated('ordersTab'),
  'GET /api/payment/customer-transactions/:id': gated('ordersTab'),
  'POST /api/payment/customer-transactions': gated('paymentRequest'),
  'POST /api/payment/:id/full-refund': gated('issueRefund'),
  'POST /api/payment/:id/partial-refund': gated('issueRefund'),
  'GET /api/payment/refund-transactions': gated('refundsTab'),

  // The analytics page: the merchant's figures (a cashier's: their own orders'); a parent
  // organisation's super admin the chain's (an organisation without branches has none: 404).
  'GET /api/payment/analytics': gated('analytics'),
  'GET /api/payment/analytics/chain': gated('analyticsChain', { tenancy: 'organization' }),
  // The cashier's cash-up: a cashier's own shifts (another cashier's look missing), a manager's branch's.
  'GET /api/payment/shifts/current': gated('cashUp'),
  'GET /api/payment/shifts': gated('cashUp'),
  'GET /api/payment/shifts/:id': gated('cashUp'),
  'GET /api/payment/shifts/:id/csv': gated('cashUp'),
  'POST /api/payment/shifts/close': gated('cashUp'),
  'POST /api/payment/shifts/:id/reopen': gated('cashUpManage'),

  // Batch payments.
  'GET /api/payment/batch-payments': gated('paymentHistoryTab'),
  'GET /api/payment/batch-payments/template': gated('createPayments', { tenancy: 'none' }),
  'GET /api/payment/batch-payments/:id': gated('paymentHistoryTab'),
  'GET /api/payment/batch-payments/:id/csv': gated('paymentHistoryTab'),
  'GET /api/payment/batch-payments/:id/receipt': gated('paymentHistoryTab'),
  'POST /api/payment/batch-payments': gated('createPayments'),
  'POST /api/payment/batch-payments/single-payee': gated('createPayments'),
  'POST /api/payment/batch-payments/:id/request': gated('createPayments'),
  'POST /api/payment/batch-payments/:id/reject': gated(BATCH_REJECT_GATE),
  'POST /api/payment/batch-payments/:id/approve': gated('reviewBatch', { stepUp: 'always' }),

  // The audit log: the caller's organisation and its branches.
  'GET /api/audit-log': gated('auditLog', { tenancy: 'organization' }),
  'GET /api/audit-log/export.csv': gated('auditLog', { tenancy: 'organization' }),

  // Reports.
  'POST /api/reporting/v2/transfers/exports/csv': gated('exportReport'),
  'GET /api/reporting/v2/transfers/exports': signedIn('caller'),
  'GET /api/reporting/v2/transfers/exports/:id/csv': gated('exportReport', { tenancy: 'caller' }),
  // "Export all": each listing's own gate (the orders' here, as the matrix asks for orders); a file
  // is its maker's alone, who made it with that gate.
  'POST /api/reporting/v2/exports/all': gated('ordersTab'),
  'GET /api/reporting/v2/exports/all/:id/csv': signedIn('caller'),
};

/** The table's key of a route. */
export function routeKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url}`;
}
