import {
  NOTIFICATION_CODE_NAMES,
  NOTIFICATION_PREFERENCE_CODES,
  type NotificationPreference,
  type NotificationPreferenceCode,
  type NotificationPreferences,
  type UpdateLowBalanceThreshold,
  type UpdateNotificationPreferences,
} from '@lynk/contract/notifications';
import type { SessionIdentity } from '@lynk/contract/session';
import { inTransaction, type Db } from '../../db/transaction.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import {
  findLowBalanceSettings,
  listStoredPreferences,
  updateLowBalance,
  upsertPreferences,
} from './preferences-repository.ts';
import { ORDER_NOTIFICATION_CODE } from './repository.ts';
import { readerOf } from './service.ts';

const MERCHANT_GONE = 'This merchant no longer exists.';

/** The codes whose notifications the caller may read, by the inbox's own rule (docs/decisions/026). */
function readableCodes(identity: SessionIdentity): readonly NotificationPreferenceCode[] {
  const { codes } = readerOf(identity);
  return NOTIFICATION_PREFERENCE_CODES.filter((code) => codes === 'every' || codes.includes(code));
}

/**
 * The codes the caller may switch: a switch silences a code for the whole merchant, so only someone
 * who reads all of that code's notifications may turn it off, not a cashier who reads the payments
 * of their own orders alone.
 */
function switchableCodes(identity: SessionIdentity): readonly NotificationPreferenceCode[] {
  const readsEveryOrder = readerOf(identity).ordersCreatedBy === undefined;
  return readableCodes(identity).filter((code) => readsEveryOrder || code !== ORDER_NOTIFICATION_CODE);
}

/** GET notifications-preferences: every code the caller may read, its merchant's switch, and whether the caller may change it. */
export async function getPreferences(db: Db, identity: SessionIdentity): Promise<NotificationPreferences> {
  const merchantId = identity.merchant_id;
  const [lowBalance, stored] = await Promise.all([
    findLowBalanceSettings(db, merchantId),
    listStoredPreferences(db, merchantId),
  ]);
  if (!lowBalance) throw notFound(MERCHANT_GONE);
  const switched = new Map(stored.map((row) => [row.code, row.enabled]));
  const switchable = new Set(switchableCodes(identity));
  return {
    notification_preferences: readableCodes(identity).map((code): NotificationPreference => ({
      code,
      name: NOTIFICATION_CODE_NAMES[code],
      enabled: code === 'LOW_BALANCE' ? lowBalance.low_balance_enabled : (switched.get(code) ?? true),
      editable: switchable.has(code),
    })),
  };
}

/**
 * PUT notifications-preferences: stores the changed switches for the caller's merchant. A code the
 * caller may not read in full refuses the whole request, and nothing is written.
 */
export async function updatePreferences(
  db: Db,
  identity: SessionIdentity,
  body: UpdateNotificationPreferences,
  now: Date,
): Promise<NotificationPreferences> {
  const allowed = new Set<string>(switchableCodes(identity));
  if (body.notification_preferences.some((p) => !allowed.has(p.code))) throw forbidden();
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
