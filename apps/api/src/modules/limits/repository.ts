import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface CounterTake {
  /** Requests asked for in the window so far, by every instance, this take included. */
  hits: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

/**
 * Adds `want` requests to a key's fixed-window counter in one atomic upsert, starting a new window
 * when the last one is over. The window runs on the database's clock: every instance agrees on
 * when it ends whatever their own clocks say.
 */
export async function addToCounter(
  db: Kysely<Database>,
  key: string,
  want: number,
  windowMs: number,
): Promise<CounterTake> {
  const { rows } = await sql<{ hits: string; ttl_ms: number }>`
    insert into rate_limit_counters as c (key, hits, window_ends_at)
    values (${key}, ${want}, now() + ${windowMs} * interval '1 millisecond')
    on conflict (key) do update set
      hits = case when c.window_ends_at <= now() then excluded.hits else c.hits + excluded.hits end,
      window_ends_at = case when c.window_ends_at <= now() then excluded.window_ends_at else c.window_ends_at end
    returning hits, ceil(extract(epoch from c.window_ends_at - now()) * 1000)::integer as ttl_ms`.execute(db);
  const row = rows[0]!;
  return { hits: Number(row.hits), ttlMs: row.ttl_ms };
}

export interface FailureRules {
  freeFailures: number;
  firstLockMs: number;
  maxLockMs: number;
  forgetAfterMs: number;
}

/**
 * Counts one more failure of a key in one atomic upsert (failures forgotten after `forgetAfterMs`
 * and out of any lock-out start again from one), locking it once the free ones are spent: the
 * first lock-out, doubled for each further failure, up to the longest. Answers the lock's end.
 */
export async function recordFailure(
  db: Kysely<Database>,
  key: string,
  at: Date,
  rules: FailureRules,
): Promise<Date | null> {
  const forgotten = sql`c.last_failed_at < ${at}::timestamptz - ${rules.forgetAfterMs} * interval '1 millisecond'
    and coalesce(c.locked_until, '-infinity') <= ${at}::timestamptz`;
  const failures = sql`case when ${forgotten} then 1 else c.failures + 1 end`;
  // The doubling stops well before float8 could overflow: the longest lock-out is reached long before.
  const lockFor = (count: typeof failures) => sql`case when ${count} >= ${rules.freeFailures}
    then ${at}::timestamptz + least(${rules.firstLockMs}::float8 * power(2, least(${count} - ${rules.freeFailures}, 40)),
      ${rules.maxLockMs}) * interval '1 millisecond' end`;
  const { rows } = await sql<{ locked_until: Date | null }>`
    insert into sign_in_failures as c (key, failures, last_failed_at, locked_until)
    values (${key}, 1, ${at}, ${lockFor(sql`1`)})
    on conflict (key) do update set
      failures = ${failures},
      last_failed_at = ${at},
      locked_until = ${lockFor(failures)}
    returning locked_until`.execute(db);
  return rows[0]!.locked_until;
}

/** When a key's lock-out ends, if it is locked at `at`. */
export async function findLockedUntil(db: Kysely<Database>, key: string, at: Date): Promise<Date | null> {
  const row = await db
    .selectFrom('sign_in_failures')
    .select('locked_until')
    .where('key', '=', key)
    .where('locked_until', '>', at)
    .executeTakeFirst();
  return row?.locked_until ?? null;
}

export async function clearFailures(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('key', '=', key).execute();
}

/** Counters whose window is over, and failures forgotten and out of any lock-out. */
export async function deleteExpiredLimits(
  db: Kysely<Database>,
  at: Date,
  forgetAfterMs: number,
): Promise<number> {
  const counters = await db
    .deleteFrom('rate_limit_counters')
    .where('window_ends_at', '<=', sql<Date>`now()`)
    .executeTakeFirst();
  const failures = await db
    .deleteFrom('sign_in_failures')
    .where('last_failed_at', '<', new Date(at.getTime() - forgetAfterMs))
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', at)]))
    .executeTakeFirst();
  return Number(counters.numDeletedRows) + Number(failures.numDeletedRows);
}
