import type { Notification } from '@lynk/contract/notifications';

/**
 * The batch id a BATCH_DISBURSE_FUNDS_TO_APPROVE notification is about: the number at the end of
 * its redirect (spec section 2, "with the numeric id taken from the redirect"), else `data.batch_id`.
 */
export function batchIdOf(notification: Notification): number | null {
  const redirect = notification.data.lynkRouteRedirect;
  const fromRedirect = typeof redirect === 'string' ? /\/(\d+)\/?$/.exec(redirect)?.[1] : undefined;
  if (fromRedirect) return Number(fromRedirect);
  const batchId = notification.data.batch_id;
  return typeof batchId === 'number' && Number.isSafeInteger(batchId) ? batchId : null;
}

export const TO_APPROVE_CODE = 'BATCH_DISBURSE_FUNDS_TO_APPROVE';
