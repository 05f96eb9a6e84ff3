import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DEFAULT_ACCOUNT_BACKOFF } from '../identity/sign-in-throttle.ts';
import { countFailure } from './service.ts';

// Two instances' connections to one database (embedded: the one handle this process has).
let t: TestApp;
let other: DatabaseHandle;
beforeAll(async () => {
  t = await createTestApp();
  other = t.databaseUrl
    ? await openDatabase({ databaseUrl: t.databaseUrl, dataDir: 'memory://' })
    : t.database;
});
afterAll(async () => {
  if (other !== t.database) await other.close();
  await t.close();
});

describe('failures counted at once on two connections', () => {
  it('counts every one (no update lost) and locks from the row they all updated', async () => {
    const at = new Date('2026-11-27T12:00:00Z');
    await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        countFailure(
          i % 2 === 0 ? t.database.db : other.db,
          'staff:race@example.com',
          at,
          DEFAULT_ACCOUNT_BACKOFF,
        ),
      ),
    );
    const row = await t.database.db
      .selectFrom('sign_in_failures')
      .selectAll()
      .where('key', '=', 'staff:race@example.com')
      .executeTakeFirstOrThrow();
    expect(row.failures).toBe(24);
    // Nineteen past the free five: far past the hour's cap.
    expect(row.locked_until!.getTime() - at.getTime()).toBe(DEFAULT_ACCOUNT_BACKOFF.maxLockMs);
  });
});
