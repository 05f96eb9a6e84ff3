import type { Notification } from '@lynk/contract/notifications';

/**
 * Where a notification leads inside the portal: its `data.lynkRouteRedirect` when that is a path
 * of this site (never another origin), else `fallback`.
 */
export function notificationTarget(notification: Notification, fallback: string): string {
  const redirect = notification.data.lynkRouteRedirect;
  return typeof redirect === 'string' && redirect.startsWith('/') && !redirect.startsWith('//')
    ? redirect
    : fallback;
}

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
