import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export function findMerchantProfile(db: Kysely<Database>, merchantId: number) {
  return db
    .selectFrom('merchants as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .leftJoin('organizations as parent', 'parent.id', 'o.parent_id')
    .select((eb) => [
      'm.id',
      'm.name',
      'm.username',
      'm.about',
      'm.description',
      'm.category',
      'm.phone_number',
      'm.email',
      'm.address',
      'm.address_2',
      'm.city',
      'm.province',
      'm.country',
      'm.logo',
      'm.qr_code',
      'm.low_balance_threshold',
      'm.low_balance_enabled',
      'o.id as organization_id',
      'o.parent_id',
      'parent.name as parent_name',
      eb
        .exists(
          eb.selectFrom('organizations as child').select('child.id').whereRef('child.parent_id', '=', 'o.id'),
        )
        .as('has_children'),
    ])
    .where('m.id', '=', merchantId)
    .executeTakeFirst();
}
