import type { Notification } from '@lynk/contract/notifications';

/** A notification as the API lists it. */
export function makeNotification(id: number, overrides: Partial<Notification> = {}): Notification {
  return {
    id,
    title: `Payment received ${id}`,
    body: `@customer.${id} paid J$1,500.00 for order #${id}.`,
    created: '2026-11-20T15:30:00.000Z',
    read: false,
    code: 'PAYMENT_RECEIVED',
    data: {},
    ...overrides,
  };
}

export function makeNotificationsPage(
  rows: Notification[],
  { offset = 0, limit = 10, total = rows.length } = {},
) {
  return { result: rows, meta_data: { count: rows.length, limit, offset, total } };
}

export const TO_APPROVE = (id: number, batchId: number) =>
  makeNotification(id, {
    code: 'BATCH_DISBURSE_FUNDS_TO_APPROVE',
    title: 'Batch payment waiting for approval',
    body: `Batch Payroll is waiting for your approval.`,
    data: { lynkRouteRedirect: `/1001/lynk-wallet/payment-history/review/${batchId}`, batch_id: batchId },
  });
