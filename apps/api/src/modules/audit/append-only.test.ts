import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { recordAudit } from './service.ts';

// Plain SQL, as a hand-written fix or someone covering their tracks would send: the database refuses.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await recordAudit(t.database.db, {
    actorUserId: null,
    organizationId: 'org_1001',
    action: 'test.written',
    subject: 'kept',
  });
});
afterAll(async () => {
  await t.close();
});

const rowsNow = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from audit_log`.execute(t.database.db)).rows[0]!.n);

describe('the audit log is append-only', () => {
  it('refuses to change, delete or truncate audit rows, and keeps them', async () => {
    const db = t.database.db;
    const before = await rowsNow();
    expect(before).toBeGreaterThan(0);
    await expect(sql`update audit_log set action = 'edited'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`update audit_log set ip = null where subject = 'kept'`.execute(db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from audit_log where subject = 'kept'`.execute(db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`truncate audit_log`.execute(db)).rejects.toThrow(/append-only/);
    expect(await rowsNow()).toBe(before);
    const kept = await sql<{ action: string }>`select action from audit_log where subject = 'kept'`.execute(
      db,
    );
    expect(kept.rows).toEqual([{ action: 'test.written' }]);
  });

  it('answers the refusal as an integrity constraint violation (SQLSTATE 23000)', async () => {
    await expect(sql`delete from audit_log`.execute(t.database.db)).rejects.toMatchObject({ code: '23000' });
  });

  it('still takes new rows', async () => {
    const before = await rowsNow();
    await recordAudit(t.database.db, { actorUserId: null, organizationId: 'org_1001', action: 'test.more' });
    expect(await rowsNow()).toBe(before + 1);
  });
});
