import type { Db } from '../../db/transaction.ts';

/**
 * A merchant's notification switches (docs/decisions/027): rows of `notification_preferences`
 * (a code without a row is on) and, for LOW_BALANCE, the merchant's own `low_balance_enabled`
 * beside its `low_balance_threshold`.
 */

export function findLowBalanceSettings(db: Db, merchantId: number) {
  return db
    .selectFrom('merchants')
    .select(['low_balance_threshold', 'low_balance_enabled'])
    .where('id', '=', merchantId)
    .executeTakeFirst();
}

/** The codes the merchant switched on or off (the rest are on). */
export function listStoredPreferences(db: Db, merchantId: number) {
  return db
    .selectFrom('notification_preferences')
    .select(['code', 'enabled'])
    .where('merchant_id', '=', merchantId)
    .execute();
}

export async function upsertPreferences(
  db: Db,
  merchantId: number,
  preferences: readonly { code: string; enabled: boolean }[],
  by: number,
  at: Date,
): Promise<void> {
  if (preferences.length === 0) return;
  await db
    .insertInto('notification_preferences')
    .values(
      preferences.map((p) => ({
        merchant_id: merchantId,
        code: p.code,
        enabled: p.enabled,
        updated_at: at,
        updated_by: by,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['merchant_id', 'code']).doUpdateSet((eb) => ({
        enabled: eb.ref('excluded.enabled'),
        updated_at: eb.ref('excluded.updated_at'),
        updated_by: eb.ref('excluded.updated_by'),
      })),
    )
    .execute();
}

export async function updateLowBalance(
  db: Db,
  merchantId: number,
  values: { low_balance_enabled?: boolean; low_balance_threshold?: number },
) {
  return db
    .updateTable('merchants')
    .set(values)
    .where('id', '=', merchantId)
    .returning(['low_balance_threshold', 'low_balance_enabled'])
    .executeTakeFirst();
}
