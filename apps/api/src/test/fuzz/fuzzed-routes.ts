/**
 * The writing routes each fuzz file covers, by the OpenAPI document's names. One test checks
 * that together they are every writing route of the document: a new route must join one.
 */
export const FUZZED_ROUTES = {
  money: [
    'POST /api/account/v1/accounts/{id}/transfers',
    'POST /api/payment/customer-transactions',
    'POST /api/payment/{id}/full-refund',
    'POST /api/payment/{id}/partial-refund',
    'POST /api/payment/batch-payments',
    'POST /api/payment/batch-payments/single-payee',
    'POST /api/payment/batch-payments/{id}/request',
    'POST /api/payment/batch-payments/{id}/reject',
    'POST /api/payment/batch-payments/{id}/approve',
    'POST /api/payment/shifts/close',
    'POST /api/payment/shifts/{id}/reopen',
  ],
  profile: [
    'PUT /api/profile/',
    'PUT /api/profile/notifications/read-all',
    'PUT /api/profile/notifications/{id}/read',
    'PUT /api/profile/notifications-preferences',
    'POST /api/profile/v3/staff',
    'PATCH /api/profile/v3/staff/{id}',
    'DELETE /api/profile/v3/staff/{id}',
    'POST /api/reporting/v2/transfers/exports/csv',
    'POST /api/reporting/v2/exports/all',
    'POST /auth/logout',
  ],
  customer: [
    'POST /api/consumer-auth/sign-in',
    'POST /api/consumer-auth/sign-out',
    'POST /api/payment/pay/{code}',
    'POST /api/payment/pay/{code}/decline',
  ],
};
