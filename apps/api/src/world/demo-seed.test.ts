import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEDGER_SHARDS } from '../db/database.ts';
import { DEMO_PAYEE_COUNT } from './demo-payees.ts';
import { expectSoundLedger } from '../test/ledger.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { limitBarColour, limitUsagePercent } from '@lynk/contract/constants';
import { TRANSFER_STATUSES } from '@lynk/contract/statuses';
import { readLimit } from '../modules/ledger/limits.ts';
import { DEMO_CONSUMERS } from './demo-consumers.ts';
import { DEMO_BRANCHES, DEMO_USERS, seedDemo, seedRoles } from './demo-seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function counts() {
  const db = t.database.db;
  const count = async (
    table:
      | 'organizations'
      | 'merchants'
      | 'users'
      | 'memberships'
      | 'accounts'
      | 'roles'
      | 'consumers'
      | 'orders'
      | 'refunds'
      | 'postings',
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    organizations: await count('organizations'),
    merchants: await count('merchants'),
    users: await count('users'),
    memberships: await count('memberships'),
    accounts: await count('accounts'),
    roles: await count('roles'),
    consumers: await count('consumers'),
    orders: await count('orders'),
    refunds: await count('refunds'),
    postings: await count('postings'),
  };
}

describe('demo seed', () => {
  it('holds a parent, three branches, one user per role per branch, a super admin and a no-access user', async () => {
    expect(await counts()).toMatchObject({
      organizations: 4,
      merchants: 4,
      users: DEMO_USERS.length,
      memberships: 4 + 3 * 3 + 1,
      // The parent's and the branches' wallets, three linked accounts per branch, the internal
      // accounts (one per ledger shard), the consumer JAM-DEX wallets and the customers' J$ wallets.
      accounts:
        1 +
        3 +
        DEMO_BRANCHES.filter((b) => b.cbdc).length +
        3 * 3 +
        5 * LEDGER_SHARDS +
        6 +
        DEMO_CONSUMERS.length +
        DEMO_PAYEE_COUNT,
      roles: 5,
    });
    expect(DEMO_USERS).toHaveLength(11);
  });

  it('changes nothing when run again', async () => {
    const before = await counts();
    await seedRoles(t.database.db);
    await seedDemo(t.database.db, new Date());
    expect(await counts()).toEqual(before);
  });

  it('stores passwords as scrypt hashes, never in clear', async () => {
    const hashes = await t.database.db.selectFrom('users').select('password_hash').execute();
    for (const { password_hash } of hashes) expect(password_hash).toMatch(/^scrypt\$131072\$8\$1\$/);
  });

  it("brings each branch's cash-out limit today to a different colour", async () => {
    const colours = [];
    for (const merchantId of [1001, 1002, 1003]) {
      const wallet = await t.database.db
        .selectFrom('accounts')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where('type', '=', 'LYNK')
        .executeTakeFirstOrThrow();
      const limit = await readLimit(t.database.db, wallet.id, 'ACH_CASHOUT', new Date());
      colours.push(limitBarColour(limitUsagePercent(limit.remaining, limit.limit)));
    }
    expect(colours).toEqual(['success', 'warning', 'danger']);
  });

  it('gives every branch transfers in every status', async () => {
    for (const merchantId of [1001, 1002, 1003]) {
      const rows = await t.database.db
        .selectFrom('transfers')
        .select('status')
        .distinct()
        .where('merchant_id', '=', merchantId)
        .execute();
      expect(rows.map((row) => row.status).sort()).toEqual([...TRANSFER_STATUSES].sort());
    }
  });

  it('leaves a consistent ledger', async () => {
    await expectSoundLedger(t.database.db);
  });
});
