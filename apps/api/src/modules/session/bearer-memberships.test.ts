import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionIdentity } from '@lynk/contract/session';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { EMAIL_DOMAIN } from '../../world/demo-seed.ts';
import { announceMemberChange, createBearerMemberships } from './bearer-memberships.ts';

// Runs on the embedded database and, in the api-postgres project, on PostgreSQL, where a second
// server is a second set of connections hearing the same announcements.
let t: TestApp;
let cashier: SessionIdentity;
beforeAll(async () => {
  t = await createTestApp();
  const row = await t.database.db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('merchants as mc', 'mc.id', 'm.merchant_id')
    .select(['u.id', 'm.merchant_id', 'm.role_id', 'mc.organization_id'])
    .where('u.email', '=', `cashier.kingston@${EMAIL_DOMAIN}`)
    .executeTakeFirstOrThrow();
  cashier = {
    id: String(row.id),
    merchant_id: row.merchant_id,
    role_id: row.role_id,
    org_id: row.organization_id,
  } as SessionIdentity;
});
afterAll(async () => {
  await t.close();
});

const setActive = (db: DatabaseHandle['db'], active: boolean) =>
  db
    .updateTable('memberships')
    .set({ active })
    .where('user_id', '=', Number(cashier.id))
    .where('merchant_id', '=', cashier.merchant_id)
    .execute();
const noLog = () => {};

describe("a bearer token's membership", () => {
  it('is read from the database on every call while no staff changes are heard', async () => {
    const memberships = createBearerMemberships(t.database.db);
    expect(await memberships.holds(cashier)).toBe(true);
    expect(await memberships.holds({ ...cashier, role_id: cashier.role_id - 1 })).toBe(false);
    await setActive(t.database.db, false);
    expect(await memberships.holds(cashier)).toBe(false);
    await setActive(t.database.db, true);
    expect(await memberships.holds(cashier)).toBe(true);
  });

  it("is refused when the token names another organization than its merchant's", async () => {
    // The organization decides what the branch table and the audit log show (a parent's: the whole
    // chain), so it must be the merchant's own, whoever signed the token.
    const memberships = createBearerMemberships(t.database.db);
    expect(await memberships.holds({ ...cashier, org_id: 'org_1000' })).toBe(false);
    expect(await memberships.holds(cashier)).toBe(true);
  });

  it('is remembered while changes are heard, and forgotten the moment one is announced', async () => {
    const memberships = createBearerMemberships(t.database.db);
    const feed = await memberships.listen(t.database, noLog);
    try {
      expect(await memberships.holds(cashier)).toBe(true);
      // Remembered: a change nobody announced is not seen (the maximum age bounds that case).
      await setActive(t.database.db, false);
      expect(await memberships.holds(cashier)).toBe(true);
      await announceMemberChange(t.database.db, Number(cashier.id));
      expect(await memberships.holds(cashier)).toBe(false);
      await setActive(t.database.db, true);
      await announceMemberChange(t.database.db, Number(cashier.id));
      expect(await memberships.holds(cashier)).toBe(true);
    } finally {
      await feed.close();
    }
    // Not listening any more: read on every call again.
    await setActive(t.database.db, false);
    expect(await memberships.holds(cashier)).toBe(false);
    await setActive(t.database.db, true);
  });

  it('is refused at once by another server of the same database after a change there', async () => {
    // On PostgreSQL the other server has connections of its own; embedded, there is only one.
    const other: DatabaseHandle = t.databaseUrl
      ? await openDatabase({ databaseUrl: t.databaseUrl, dataDir: 'memory://' })
      : t.database;
    const here = createBearerMemberships(t.database.db);
    const there = createBearerMemberships(other.db);
    const feeds = [await here.listen(t.database, noLog), await there.listen(other, noLog)];
    try {
      expect(await there.holds(cashier)).toBe(true);
      expect(await here.holds(cashier)).toBe(true);
      // The change and its announcement on this server; the other answers right after.
      await setActive(t.database.db, false);
      await announceMemberChange(t.database.db, Number(cashier.id));
      expect(await there.holds(cashier)).toBe(false);
      expect(await here.holds(cashier)).toBe(false);
    } finally {
      await Promise.all(feeds.map((feed) => feed.close()));
      await setActive(t.database.db, true);
      if (other !== t.database) await other.close();
    }
  });
});
