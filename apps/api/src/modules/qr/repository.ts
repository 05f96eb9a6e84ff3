import type { Db } from '../../db/transaction.ts';

/** What a merchant's QR codes are made from: its pay link and its wallet handle. */
export function findMerchantQr(db: Db, merchantId: number) {
  return db
    .selectFrom('merchants')
    .select(['name', 'username', 'qr_code'])
    .where('id', '=', merchantId)
    .executeTakeFirst();
}

/**
 * A staff member of this merchant by their identity-provider id: someone who belongs only to
 * another merchant is not found, so their QR answers 404 like anything of another tenant.
 */
export function findStaffMemberQr(db: Db, merchantId: number, authId: string) {
  return db
    .selectFrom('users as u')
    .innerJoin('memberships as ms', 'ms.user_id', 'u.id')
    .select(['u.id', 'u.auth_id', 'u.display_name', 'ms.role_id', 'ms.show_qr_display_name', 'ms.active'])
    .where('u.auth_id', '=', authId)
    .where('ms.merchant_id', '=', merchantId)
    .executeTakeFirst();
}
