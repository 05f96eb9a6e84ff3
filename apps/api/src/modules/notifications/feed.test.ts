import { describe, expect, it } from 'vitest';
import { createNotificationFeed, type FeedItem, type FeedSource } from './feed.ts';

/** The feed's bookkeeping over a table whose rows become visible out of id order. */

function fakeTable(initial: number[]) {
  const visible = new Set(initial);
  const source: FeedSource = {
    newestId: async () => String(Math.max(0, ...visible)),
    after: async (afterId, limit) =>
      [...visible]
        .filter((id) => id > Number(afterId))
        .sort((a, b) => a - b)
        .slice(0, limit)
        .map((id) => ({ id: String(id), merchant_id: 1, code: 'PAYMENT_RECEIVED' })),
  };
  return { source, commit: (id: number) => visible.add(id) };
}

async function until(condition: () => boolean) {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((r) => setTimeout(r, 2));
  expect(condition()).toBe(true);
}

describe('the notification feed', () => {
  it('announces each row committed after a listener joined, once, even when a lower id commits later', async () => {
    const table = fakeTable([1, 2]);
    const clock = 0;
    const feed = createNotificationFeed(table.source, { intervalMs: 1, gapGraceMs: 1_000, now: () => clock });
    const seen: number[] = [];
    const stop = feed.subscribe((item: FeedItem) => seen.push(item.id));
    await new Promise((r) => setTimeout(r, 20));
    expect(seen).toEqual([]); // what was there before is not news

    table.commit(4); // 3 is still in an open transaction
    await until(() => seen.length === 1);
    table.commit(3);
    await until(() => seen.length === 2);
    table.commit(5);
    await until(() => seen.length === 3);
    await new Promise((r) => setTimeout(r, 20));
    expect(seen).toEqual([4, 3, 5]);
    stop();
    await feed.close();
  });

  it('holds its starting point as soon as a listener joins: a row committed after `started` is news', async () => {
    const table = fakeTable([1, 2]);
    const feed = createNotificationFeed(table.source, { intervalMs: 30 });
    const seen: number[] = [];
    feed.subscribe((item) => seen.push(item.id));
    await feed.started();
    table.commit(3);
    await until(() => seen.length === 1);
    expect(seen).toEqual([3]);
    await feed.close();
  });

  it('takes a new starting point for listeners who join after all others left, even mid-start', async () => {
    const table = fakeTable([1, 2]);
    // Each read of the newest id is taken when asked and answered when the test lets it.
    const answers: Array<() => void> = [];
    const slowStart: FeedSource = {
      ...table.source,
      newestId: async () => {
        const newest = await table.source.newestId();
        await new Promise<void>((done) => answers.push(done));
        return newest;
      },
    };
    const feed = createNotificationFeed(slowStart, { intervalMs: 1 });
    const stop = feed.subscribe(() => {});
    await until(() => answers.length === 1); // read 2
    stop(); // left before its starting point came back
    table.commit(3);
    const seen: number[] = [];
    feed.subscribe((item) => seen.push(item.id));
    await until(() => answers.length === 2); // read 3
    answers[0]!(); // the old read answers after the new listener joined
    answers[1]!();
    await feed.started();
    table.commit(4);
    await until(() => seen.length === 1);
    expect(seen).toEqual([4]);
    await feed.close();
  });

  it('moves past an id that never commits once the grace is over, and keeps announcing', async () => {
    const table = fakeTable([10]);
    let clock = 0;
    let reads = 0;
    const counting: FeedSource = {
      newestId: table.source.newestId,
      after: async (afterId, limit) => {
        reads++;
        return table.source.after(afterId, limit);
      },
    };
    const afterIds: string[] = [];
    const spying: FeedSource = {
      ...counting,
      after: (afterId, limit) => {
        afterIds.push(afterId);
        return counting.after(afterId, limit);
      },
    };
    const feed = createNotificationFeed(spying, { intervalMs: 1, gapGraceMs: 1_000, now: () => clock });
    const seen: number[] = [];
    feed.subscribe((item) => seen.push(item.id));
    await until(() => reads > 0);
    table.commit(12); // 11 was rolled back
    await until(() => seen.length === 1);
    await until(() => reads > 5);
    expect(afterIds.at(-1)).toBe('10'); // still waiting for 11
    clock = 1_000;
    await until(() => afterIds.at(-1) === '12');
    table.commit(13);
    await until(() => seen.length === 2);
    expect(seen).toEqual([12, 13]);
    await feed.close();
  });

  it('reads nothing while nobody listens', async () => {
    let reads = 0;
    const source: FeedSource = {
      newestId: async () => '0',
      after: async () => {
        reads++;
        return [];
      },
    };
    const feed = createNotificationFeed(source, { intervalMs: 1 });
    const stop = feed.subscribe(() => {});
    await until(() => reads > 0);
    stop();
    const after = reads;
    await new Promise((r) => setTimeout(r, 20));
    expect(reads - after).toBeLessThanOrEqual(1);
    await feed.close();
  });
});
