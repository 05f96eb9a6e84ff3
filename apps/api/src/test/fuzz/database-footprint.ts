import { sql } from 'kysely';
import type { Db } from '../../db/transaction.ts';

/**
 * What a refused request must leave as it found: the number of rows of every table of the
 * database (the schema's own catalogue, so a table added later is counted without anyone listing
 * it), and every account's balance (a balance changed without a row added would not show in the
 * counts).
 */
export interface DatabaseFootprint {
  rowsPerTable: Record<string, number>;
  balances: string;
}

/** The rate limits' windows: every request counts in them, refused or not, by design. */
const REQUEST_COUNTERS = new Set(['public.rate_limit_counters']);

/** Every table of the database but those `except` and the request counters. */
export async function userTables(db: Db, except: string[] = []): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select format('%I.%I', schemaname, relname) as name
    from pg_catalog.pg_stat_user_tables
    order by 1`.execute(db);
  return rows.map((r) => r.name).filter((name) => !REQUEST_COUNTERS.has(name) && !except.includes(name));
}

export async function databaseFootprint(db: Db, tables: string[]): Promise<DatabaseFootprint> {
  const counts = tables.map((table) => `select '${table}' as name, count(*)::int as rows from ${table}`);
  const [perTable, balances] = await Promise.all([
    sql<{ name: string; rows: number }>`${sql.raw(counts.join(' union all '))}`.execute(db),
    sql<{ balances: string }>`
      select coalesce(md5(string_agg(id || ':' || balance, ',' order by id)), '') as balances
      from accounts`.execute(db),
  ]);
  return {
    rowsPerTable: Object.fromEntries(perTable.rows.map((r) => [r.name, r.rows])),
    balances: balances.rows[0]!.balances,
  };
}

export interface FootprintChange {
  before: number | string | undefined;
  after: number | string;
}

/** What differs between two footprints: each changed table's row counts, and the balances' digest. */
export function footprintChanges(
  before: DatabaseFootprint,
  after: DatabaseFootprint,
): Record<string, FootprintChange> {
  const changes: Record<string, FootprintChange> = {};
  for (const [table, rows] of Object.entries(after.rowsPerTable)) {
    const was = before.rowsPerTable[table];
    if (was !== rows) changes[table] = { before: was, after: rows };
  }
  if (after.balances !== before.balances)
    changes.balances = { before: before.balances, after: after.balances };
  return changes;
}
