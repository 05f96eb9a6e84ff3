import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import * as listingChangeNotify from './migrations/0016-listing-change-notify.ts';

const NEWEST = '0023-analytics-rollups';
/** A migration whose work is easy to see (its triggers), dropped and run again below. */
const REPLAYED = '0016-listing-change-notify';

describe('migrating', () => {
  it('runs every migration once, and a migration missing from a migrated database is run', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      const { db } = database;
      const ran = async () =>
        (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows.map(
          (row) => row.name,
        );
      const triggers = async () =>
        Number(
          (
            await sql<{
              n: string;
            }>`select count(*) as n from pg_trigger where tgname like '%listing%'`.execute(db)
          ).rows[0]!.n,
        );
      await migrateToLatest(db as never);
      const all = await ran();
      expect(all.at(-1)).toBe(NEWEST);
      expect(all).toContain(REPLAYED);
      expect(await triggers()).toBeGreaterThan(0);

      await migrateToLatest(db as never);
      expect(await ran()).toEqual(all);

      // As if the database had been made before the last migration was written.
      await listingChangeNotify.down(db as never);
      await sql`delete from kysely_migration where name = ${REPLAYED}`.execute(db);
      expect(await triggers()).toBe(0);
      await migrateToLatest(db as never);
      expect(await ran()).toEqual(all);
      expect(await triggers()).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  });
});
