import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const onPostgres = Boolean(inject('postgresTemplate'));

describe.runIf(onPostgres)('a database connection the server ends while it is idle', () => {
  let t: TestApp;
  const lost: Error[] = [];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is reported and replaced: the process lives on and the next query answers', async () => {
    t.database.onConnectionLost((error) => lost.push(error));
    await sql`select 1`.execute(t.database.db);
    const admin = new pg.Client({ connectionString: t.databaseUrl });
    await admin.connect();
    try {
      const ended = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()
            and application_name <> 'lynk-listing-changes'`,
      );
      expect(ended.rowCount).toBeGreaterThan(0);
      await vi.waitFor(() => expect(lost.length).toBeGreaterThan(0));
      expect(lost[0]!.message).toMatch(/terminating connection/);
      const answer = await sql<{ one: number }>`select 1 as one`.execute(t.database.db);
      expect(answer.rows).toEqual([{ one: 1 }]);
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await admin.end();
    }
  });
});
