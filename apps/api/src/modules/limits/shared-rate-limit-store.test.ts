import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { blockOf, sharedRateLimitStore } from './shared-rate-limit-store.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const MINUTE = 60_000;

function incr(store: FastifyRateLimitStore, key: string, max: number) {
  return new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), MINUTE, max),
  );
}

const hitsOf = async (key: string) =>
  Number(
    (
      await t.database.db
        .selectFrom('rate_limit_counters')
        .select('hits')
        .where('key', '=', key)
        .executeTakeFirstOrThrow()
    ).hits,
  );

describe('the shared rate-limit store', () => {
  it('counts budgets under forty one request at a time, and a twentieth of larger ones at once', () => {
    expect([1, 30, 39, 40, 600, 6000].map(blockOf)).toEqual([1, 1, 1, 2, 30, 300]);
  });

  it('answers exactly the budget from one instance, then refuses without asking the database again', async () => {
    const Store = sharedRateLimitStore(t.database.db);
    const store = new Store({});
    const results = [];
    for (let i = 0; i < 50; i++) results.push(await incr(store, 'test:one', 40));
    expect(results.filter((result) => result.current <= 40)).toHaveLength(40);
    expect(results.slice(40).every((result) => result.current > 40)).toBe(true);
    expect(results.at(-1)!.ttl).toBeGreaterThan(0);
    expect(results.at(-1)!.ttl).toBeLessThanOrEqual(MINUTE);
    // Twenty blocks of two were taken; the ten refusals cost no take.
    expect(await hitsOf('test:one')).toBe(40);
  });

  it('lets many requests waiting on one take share it, never taking more than the budget', async () => {
    const Store = sharedRateLimitStore(t.database.db);
    const [first, second] = [new Store({}), new Store({})];
    const all = await Promise.all(
      Array.from({ length: 60 }, (_, i) => incr(i % 2 === 0 ? first : second, 'test:together', 40)),
    );
    expect(all.filter((result) => result.current <= 40).length).toBeLessThanOrEqual(40);
    expect(all.filter((result) => result.current <= 40).length).toBeGreaterThanOrEqual(40 - 2);
  });
});
