import type { Kysely } from 'kysely';
import { ROLE_IDS, ROLE_NAMES, ROLE_PERMISSIONS } from '@lynk/contract/roles';
import type { Database } from '../db/schema.ts';
import { hashPassword } from '../modules/identity/index.ts';
import { createLedger } from '../modules/ledger/index.ts';
import { hasDemoConsumers } from './demo-consumers.ts';
import { seedDemoPayees } from './demo-payees.ts';
import { seedDemoLedger, type DemoMerchant } from './demo-ledger.ts';
import { seedDemoBatches } from './demo-batches.ts';
import { findBranchStaff, seedDemoOrders } from './demo-orders.ts';
import { DEMO_BRANCHES, DEMO_PARENT, DEMO_USERS, EMAIL_DOMAIN } from './demo-chain.ts';

/** The one password of every demo user (listed in the README; demo data only). */
export const DEMO_PASSWORD = 'LynkDemo!2026';

export { DEMO_BRANCHES, DEMO_USERS, EMAIL_DOMAIN } from './demo-chain.ts';

/** Roles and their permission lists: always brought up to date, demo data or not. */
export async function seedRoles(db: Kysely<Database>): Promise<void> {
  for (const id of Object.values(ROLE_IDS)) {
    const permissions = JSON.stringify(ROLE_PERMISSIONS[id]);
    await db
      .insertInto('roles')
      .values({ id, name: ROLE_NAMES[id], permissions })
      .onConflict((oc) => oc.column('id').doUpdateSet({ name: ROLE_NAMES[id], permissions }))
      .execute();
  }
}

const hashAll = (count: number) =>
  Promise.all(Array.from({ length: count }, () => hashPassword(DEMO_PASSWORD)));

/**
 * Seeds the demo organization once, and its customers and orders once (a database seeded before
 * orders existed gets them on its next start); running it again changes nothing.
 */
export async function seedDemo(db: Kysely<Database>, now: Date): Promise<void> {
  // Wallet users and merchants a batch payout can pay (once; a few milliseconds).
  await seedDemoPayees(db, () => hashPassword(DEMO_PASSWORD));
  const existing = await db
    .selectFrom('organizations')
    .select('id')
    .where('id', '=', DEMO_PARENT.org)
    .executeTakeFirst();
  const ledger = createLedger(db);
  if (!existing || !(await hasDemoConsumers(db))) {
    // The demo customers share one hash of the demo password (each scrypt hash costs ~0.3 s of a
    // core at start-up); it is made on the thread pool while the ledger history is written.
    let customerHash: Promise<string> | undefined;
    if (!existing) {
      const hashes = await hashAll(DEMO_USERS.length);
      customerHash = hashPassword(DEMO_PASSWORD);
      await seedDemoOrganization(db, hashes, now);
    }
    const branches = await findBranchStaff(db, DEMO_BRANCHES, EMAIL_DOMAIN);
    await seedDemoOrders(db, ledger, branches, customerHash ?? hashPassword(DEMO_PASSWORD), now);
  }
  // Each branch's payment history (once; a database seeded before batches existed gets it too).
  await seedDemoBatches(db, ledger, await findBranchStaff(db, DEMO_BRANCHES, EMAIL_DOMAIN), now);
}

/** The parent, its branches, their staff, wallets and three months of transfers. */
async function seedDemoOrganization(db: Kysely<Database>, hashes: string[], now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('organizations')
      .values({ id: DEMO_PARENT.org, parent_id: null, name: DEMO_PARENT.name })
      .execute();
    await trx
      .insertInto('merchants')
      .values({
        id: 1000,
        organization_id: DEMO_PARENT.org,
        name: DEMO_PARENT.name,
        username: DEMO_PARENT.username,
        about: 'Jamaican coffee houses serving Blue Mountain coffee since 1998.',
        category: 'Food & Beverage',
        phone_number: '8765550100',
        email: `accounts@${EMAIL_DOMAIN}`,
        address: '12 Hope Road',
        city: 'Kingston',
        province: 'St. Andrew',
        qr_code: `lynk://pay/${DEMO_PARENT.username}`,
      })
      .execute();
    // The parent's own main wallet: the corporate view's combined balance adds it to the branches'.
    await trx
      .insertInto('accounts')
      .values({
        merchant_id: 1000,
        type: 'LYNK',
        currency: 'JMD',
        account_ref: 'LYNK-1000',
        label: 'Main wallet',
      })
      .execute();

    for (const [i, branch] of DEMO_BRANCHES.entries()) {
      const merchantId = 1001 + i;
      await trx
        .insertInto('organizations')
        .values({
          id: branch.org,
          parent_id: DEMO_PARENT.org,
          name: branch.name,
          created_at: new Date(branch.joined),
        })
        .execute();
      await trx
        .insertInto('merchants')
        .values({
          id: merchantId,
          organization_id: branch.org,
          name: branch.name,
          username: branch.username,
          about: `Our ${branch.city} café.`,
          description: '',
          category: 'Food & Beverage',
          phone_number: `87655501${String(i + 1).padStart(2, '0')}`,
          email: `${branch.slug}@${EMAIL_DOMAIN}`,
          address: `${10 + i} Main Street`,
          city: branch.city,
          province: branch.province,
          qr_code: `lynk://pay/${branch.username}`,
          low_balance_threshold: 5000,
        })
        .execute();
      await trx
        .insertInto('accounts')
        .values({
          merchant_id: merchantId,
          type: 'LYNK',
          currency: 'JMD',
          account_ref: `LYNK-${merchantId}`,
          label: 'Main wallet',
        })
        .execute();
      if (branch.cbdc) {
        await trx
          .insertInto('accounts')
          .values({
            merchant_id: merchantId,
            type: 'CBDC',
            currency: 'JAM-DEX',
            account_ref: `JAMDEX-${merchantId}`,
            external_reference: `jamdex:wallet:${branch.username}`,
            label: 'JAM-DEX wallet',
          })
          .execute();
      }
    }

    for (const [i, user] of DEMO_USERS.entries()) {
      const { id: userId } = await trx
        .insertInto('users')
        .values({
          auth_id: `lynk|demo-${user.email.split('@')[0]}`,
          email: user.email,
          display_name: user.displayName,
          password_hash: hashes[i]!,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const org of user.orgs) {
        const merchant = await trx
          .selectFrom('merchants')
          .select('id')
          .where('organization_id', '=', org)
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('memberships')
          .values({
            user_id: userId,
            merchant_id: merchant.id,
            role_id: user.roleId,
            show_qr_display_name: user.roleId === ROLE_IDS.CASHIER,
          })
          .execute();
      }
    }
  });

  const merchants: DemoMerchant[] = [];
  for (const branch of DEMO_BRANCHES) {
    const row = await db
      .selectFrom('merchants as m')
      .innerJoin('accounts as wallet', (join) =>
        join.onRef('wallet.merchant_id', '=', 'm.id').on('wallet.type', '=', 'LYNK'),
      )
      .leftJoin('accounts as cbdc', (join) =>
        join.onRef('cbdc.merchant_id', '=', 'm.id').on('cbdc.type', '=', 'CBDC'),
      )
      .innerJoin('memberships as ms', (join) =>
        join.onRef('ms.merchant_id', '=', 'm.id').on('ms.role_id', '=', ROLE_IDS.ADMIN),
      )
      .select([
        'm.id as merchantId',
        'wallet.id as walletId',
        'cbdc.id as cbdcId',
        'ms.user_id as adminUserId',
      ])
      .where('m.organization_id', '=', branch.org)
      .executeTakeFirstOrThrow();
    merchants.push({ ...row, orgId: branch.org });
  }
  const parentWallet = await db
    .selectFrom('accounts')
    .select('id')
    .where('merchant_id', '=', 1000)
    .where('type', '=', 'LYNK')
    .executeTakeFirstOrThrow();
  await seedDemoLedger(db, { parentWalletId: parentWallet.id, merchants }, now);
}
