import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

/**
 * The settings of an app whose queries a test counts: a budget so large that the rate limiter
 * takes its share from the shared counter (a query of its own, ADR 042) only at a session's
 * first request of the minute, not in the middle of a count.
 */
export const COUNTED_QUERIES_ENV = { RATE_LIMIT_PER_MINUTE: '1000000000' };

/**
 * How many queries the app's database pool ran while `work` did: every query outside a
 * transaction takes a connection from the pool, and a transaction takes one for all of its own.
 * A listing answered from the cache takes none.
 */
export async function queriesDuring<T>(
  t: TestApp,
  work: () => Promise<T>,
): Promise<{ result: T; queries: number }> {
  let queries = 0;
  const count = () => {
    queries++;
  };
  t.database.pool.on('acquire', count);
  try {
    const result = await work();
    return { result, queries };
  } finally {
    t.database.pool.off('acquire', count);
  }
}

/** GETs a listing as `cookie`, answers its JSON and how many queries it took. */
export async function listing(t: TestApp, url: string, cookie: string) {
  const { result, queries } = await queriesDuring(t, () =>
    t.app.inject({ method: 'GET', url, headers: { cookie } }),
  );
  expect(result.statusCode).toBe(200);
  return { body: result.json(), queries, response: result };
}

/** Asks for a listing until it is kept, proving the next identical request is served without a query. */
export async function primed(t: TestApp, url: string, cookie: string) {
  await listing(t, url, cookie);
  const again = await listing(t, url, cookie);
  expect(again.queries).toBe(0);
  return again.body;
}
