import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { purgeExpiredLimits } from '../limits/service.ts';
import { createAccountBackoff, createHashQueue, DEFAULT_ACCOUNT_BACKOFF } from './sign-in-throttle.ts';

describe('account back-off', () => {
  const minute = 60_000;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('locks after five failures in a row, for a minute, then twice as long after each further failure', async () => {
    const backoff = createAccountBackoff(t.database.db, 'staff');
    let now = 0;
    for (let i = 0; i < 4; i++) await backoff.failed('a@example.com', now);
    expect(await backoff.lockedFor('a@example.com', now)).toBe(0);
    await backoff.failed('a@example.com', now);
    expect(await backoff.lockedFor('A@Example.com ', now)).toBe(minute);
    now += minute;
    await backoff.failed('a@example.com', now);
    expect(await backoff.lockedFor('a@example.com', now)).toBe(2 * minute);
    now += 2 * minute;
    await backoff.failed('a@example.com', now);
    expect(await backoff.lockedFor('a@example.com', now)).toBe(4 * minute);
    for (let i = 0; i < 20; i++) await backoff.failed('a@example.com', now);
    expect(await backoff.lockedFor('a@example.com', now)).toBe(DEFAULT_ACCOUNT_BACKOFF.maxLockMs);
  });

  it('starts again from nothing after a success, and counts each email on its own', async () => {
    const backoff = createAccountBackoff(t.database.db, 'staff');
    for (let i = 0; i < 4; i++) await backoff.failed('c@example.com', 0);
    await backoff.succeeded('c@example.com');
    for (let i = 0; i < 4; i++) await backoff.failed('c@example.com', 0);
    expect(await backoff.lockedFor('c@example.com', 0)).toBe(0);
    for (let i = 0; i < 5; i++) await backoff.failed('d@example.com', 0);
    expect(await backoff.lockedFor('d@example.com', 0)).toBeGreaterThan(0);
    expect(await backoff.lockedFor('c@example.com', 0)).toBe(0);
  });

  it("keeps staff, customers' and second-factor failures apart", async () => {
    const staff = createAccountBackoff(t.database.db, 'staff');
    const consumers = createAccountBackoff(t.database.db, 'consumer');
    for (let i = 0; i < 5; i++) await staff.failed('e@example.com', 0);
    expect(await staff.lockedFor('e@example.com', 0)).toBe(minute);
    expect(await consumers.lockedFor('e@example.com', 0)).toBe(0);
  });

  it('forgets failures a day old once out of the lock-out, and the sweep deletes them', async () => {
    const backoff = createAccountBackoff(t.database.db, 'staff');
    const day = DEFAULT_ACCOUNT_BACKOFF.forgetAfterMs;
    for (let i = 0; i < 4; i++) await backoff.failed('f@example.com', 0);
    // A day later the fifth failure is a first one: no lock-out.
    await backoff.failed('f@example.com', day + 1);
    expect(await backoff.lockedFor('f@example.com', day + 1)).toBe(0);
    for (let i = 0; i < 5; i++) await backoff.failed('g@example.com', 0);
    const keys = async () =>
      (await t.database.db.selectFrom('sign_in_failures').select('key').execute()).map((row) => row.key);
    expect(await keys()).toContain('staff:g@example.com');
    await purgeExpiredLimits(t.database.db, new Date(day + 2), day);
    // f failed a second time at day + 1: remembered; g's failures are a day old and unlocked.
    expect(await keys()).toContain('staff:f@example.com');
    expect(await keys()).not.toContain('staff:g@example.com');
  });
});

describe('hash queue', () => {
  const task = (state: { running: number; most: number }, ms: number) => async () => {
    state.running += 1;
    state.most = Math.max(state.most, state.running);
    await new Promise((resolve) => setTimeout(resolve, ms));
    state.running -= 1;
    return 'done';
  };

  it('runs at most `concurrency` hashes at once and finishes every one that waits', async () => {
    const queue = createHashQueue({ concurrency: 2, maxWaiting: 10, maxWaitMs: 5_000 });
    const state = { running: 0, most: 0 };
    const results = await Promise.all(Array.from({ length: 8 }, () => queue.run(task(state, 20))));
    expect(results).toEqual(Array(8).fill('done'));
    expect(state.most).toBe(2);
  });

  it('refuses with 503 SIGN_IN_BUSY beyond the waiting room, and after waiting too long', async () => {
    const queue = createHashQueue({ concurrency: 1, maxWaiting: 1, maxWaitMs: 50 });
    const state = { running: 0, most: 0 };
    const settled = await Promise.allSettled([
      queue.run(task(state, 200)),
      queue.run(task(state, 10)),
      queue.run(task(state, 10)),
    ]);
    expect(settled[0]).toMatchObject({ status: 'fulfilled' });
    for (const refused of settled.slice(1)) {
      expect(refused).toMatchObject({
        status: 'rejected',
        reason: { code: 'SIGN_IN_BUSY', statusCode: 503 },
      });
    }
    // The slot is free again afterwards.
    expect(await queue.run(task(state, 1))).toBe('done');
  });
});
