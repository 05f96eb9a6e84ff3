import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export function listMerchantAccounts(db: Kysely<Database>, merchantId: number) {
  return db
    .selectFrom('accounts')
    .select(['id', 'type', 'currency', 'account_ref', 'external_reference'])
    .where('merchant_id', '=', merchantId)
    .orderBy('id')
    .execute();
}

/** Branches of an organization with their wallet accounts. */
export async function listChildBranches(db: Kysely<Database>, parentOrganizationId: string) {
  const branches = await db
    .selectFrom('organizations as o')
    .innerJoin('merchants as m', 'm.organization_id', 'o.id')
    .select(['m.id as merchant_id', 'o.id as organization_id', 'm.name'])
    .where('o.parent_id', '=', parentOrganizationId)
    .orderBy('m.id')
    .execute();
  if (branches.length === 0) return [];
  const accounts = await db
    .selectFrom('accounts')
    .select(['id', 'type', 'merchant_id'])
    .where(
      'merchant_id',
      'in',
      branches.map((b) => b.merchant_id),
    )
    .orderBy('id')
    .execute();
  return branches.map((branch) => ({
    ...branch,
    accounts: accounts.filter((a) => a.merchant_id === branch.merchant_id).map(({ id, type }) => ({ id, type })),
  }));
}
