import {
  NOTIFICATION_CODE_NAMES,
  NOTIFICATION_PREFERENCE_CODES,
  notificationGroup,
  type NotificationPreference,
  type NotificationPreferences,
  type UpdateLowBalanceThreshold,
  type UpdateNotificationPreferences,
} from '@lynk/contract/notifications';
import { can } from '@lynk/contract/permissions';
import type { SessionIdentity } from '@lynk/contract/session';
import { inTransaction, type Db } from '../../db/transaction.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/service.ts';
import {
  findLowBalanceSettings,
  listStoredPreferences,
  updateLowBalance,
  upsertPreferences,
} from './preferences-repository.ts';

const MERCHANT_GONE = 'This merchant no longer exists.';

/** The codes this caller may see and switch: batch payments' only with the Notification tabs gate. */
function codesFor(identity: SessionIdentity) {
  const seesBatches = can(identity.permissions, identity.role, 'notificationTabs');
  return NOTIFICATION_PREFERENCE_CODES.filter(
    (code) => seesBatches || notificationGroup(code) !== 'BATCH_PAYMENT',
  );
}

/** GET notifications-preferences: every code the caller may see, each with its merchant's switch. */
export async function getPreferences(db: Db, identity: SessionIdentity): Promise<NotificationPreferences> {
  const merchantId = identity.merchant_id;
  const [lowBalance, stored] = await Promise.all([
    findLowBalanceSettings(db, merchantId),
    listStoredPreferences(db, merchantId),
  ]);
  if (!lowBalance) throw notFound(MERCHANT_GONE);
  const switched = new Map(stored.map((row) => [row.code, row.enabled]));
  return {
    notification_preferences: codesFor(identity).map((code): NotificationPreference => ({
      code,
      name: NOTIFICATION_CODE_NAMES[code],
      enabled: code === 'LOW_BALANCE' ? lowBalance.low_balance_enabled : (switched.get(code) ?? true),
    })),
  };
}

/**
 * PUT notifications-preferences: stores the changed switches for the caller's merchant (the route
 * requires profile update). A code the caller may not see is refused, and nothing is written.
 */
export async function updatePreferences(
  db: Db,
  identity: SessionIdentity,
  body: UpdateNotificationPreferences,
  now: Date,
): Promise<NotificationPreferences> {
  const allowed = new Set<string>(codesFor(identity));
  if (body.notification_preferences.some((p) => !allowed.has(p.code))) {
    throw forbidden('You may not change batch payment notifications.');
  }
  const lowBalance = body.notification_preferences.find((p) => p.code === 'LOW_BALANCE');
  const others = body.notification_preferences
    .filter((p) => p.code !== 'LOW_BALANCE')
    .map(({ code, enabled }) => ({ code, enabled }));
  await inTransaction(db, async (trx) => {
    if (lowBalance) {
      const updated = await updateLowBalance(trx, identity.merchant_id, {
        low_balance_enabled: lowBalance.enabled,
      });
      if (!updated) throw notFound(MERCHANT_GONE);
    }
    await upsertPreferences(trx, identity.merchant_id, others, Number(identity.id), now);
    await recordAudit(trx, {
      actorUserId: Number(identity.id),
      organizationId: identity.org_id,
      action: 'notification_preferences.updated',
      subject: String(identity.merchant_id),
      details: {
        changes: body.notification_preferences.map(({ code, enabled }) => ({ code, enabled })),
      },
    });
  });
  return getPreferences(db, identity);
}

/** PUT on the profile root: the merchant's low-balance threshold, in whole dollars (spec section 7). */
export async function updateLowBalanceThreshold(
  db: Db,
  identity: SessionIdentity,
  body: UpdateLowBalanceThreshold,
) {
  return inTransaction(db, async (trx) => {
    const updated = await updateLowBalance(trx, identity.merchant_id, {
      low_balance_threshold: body.low_balance_threshold,
    });
    if (!updated) throw notFound(MERCHANT_GONE);
    await recordAudit(trx, {
      actorUserId: Number(identity.id),
      organizationId: identity.org_id,
      action: 'profile.low_balance_threshold.updated',
      subject: String(identity.merchant_id),
      details: { low_balance_threshold: body.low_balance_threshold },
    });
    return updated;
  });
}
