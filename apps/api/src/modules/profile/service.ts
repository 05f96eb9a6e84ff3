import type { MerchantProfile } from '@lynk/contract/profile';
import type { Db } from '../../db/transaction.ts';
import { notFound } from '../../lib/app-error.ts';
import { findMerchantProfile } from './repository.ts';

/** The caller's merchant's profile as the contract shapes it (spec section 7). */
export async function merchantProfile(db: Db, merchantId: number): Promise<MerchantProfile> {
  const row = await findMerchantProfile(db, merchantId);
  if (!row) throw notFound('This merchant no longer exists.');
  return {
    id: row.id,
    merchant_id: row.id,
    name: row.name,
    organization_id: row.organization_id,
    parent_org_id: row.parent_id,
    parent_name: row.parent_name,
    about: row.about,
    description: row.description,
    category: row.category,
    phone_number: row.phone_number,
    email: row.email,
    username: row.username,
    address: {
      address: row.address,
      address_2: row.address_2,
      city: row.city,
      province: row.province,
      country: row.country,
    },
    logo: row.logo,
    qr_code: row.qr_code,
    low_balance_threshold: row.low_balance_threshold,
    low_balance_enabled: row.low_balance_enabled,
    has_children: Boolean(row.has_children),
  };
}
