import { describe, expect, it } from 'vitest';
import { createAccountBackoff, createHashQueue, DEFAULT_ACCOUNT_BACKOFF } from './sign-in-throttle.ts';

describe('account back-off', () => {
  const minute = 60_000;

  it('locks after five failures in a row, for a minute, then twice as long after each further failure', () => {
    const backoff = createAccountBackoff();
    let now = 0;
    for (let i = 0; i < 4; i++) backoff.failed('a@example.com', now);
    expect(backoff.lockedFor('a@example.com', now)).toBe(0);
    backoff.failed('a@example.com', now);
    expect(backoff.lockedFor('A@Example.com ', now)).toBe(minute);
    now += minute;
    backoff.failed('a@example.com', now);
    expect(backoff.lockedFor('a@example.com', now)).toBe(2 * minute);
    now += 2 * minute;
    backoff.failed('a@example.com', now);
    expect(backoff.lockedFor('a@example.com', now)).toBe(4 * minute);
    for (let i = 0; i < 20; i++) backoff.failed('a@example.com', now);
    expect(backoff.lockedFor('a@example.com', now)).toBe(DEFAULT_ACCOUNT_BACKOFF.maxLockMs);
  });

  it('starts again from nothing after a success, and counts each email on its own', () => {
    const backoff = createAccountBackoff();
    for (let i = 0; i < 4; i++) backoff.failed('a@example.com', 0);
    backoff.succeeded('a@example.com');
    for (let i = 0; i < 4; i++) backoff.failed('a@example.com', 0);
    expect(backoff.lockedFor('a@example.com', 0)).toBe(0);
    for (let i = 0; i < 5; i++) backoff.failed('b@example.com', 0);
    expect(backoff.lockedFor('b@example.com', 0)).toBeGreaterThan(0);
    expect(backoff.lockedFor('a@example.com', 0)).toBe(0);
  });

  it('remembers a bounded number of emails', () => {
    const backoff = createAccountBackoff({ ...DEFAULT_ACCOUNT_BACKOFF, maxEntries: 3 });
    for (let i = 0; i < 5; i++) backoff.failed('first@example.com', 0);
    for (const other of ['b', 'c', 'd']) backoff.failed(`${other}@example.com`, 0);
    expect(backoff.lockedFor('first@example.com', 0)).toBe(0);
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
