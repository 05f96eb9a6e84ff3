import { describe, expect, it } from 'vitest';
import { preferredEncoding } from './listing-cache-encoding.ts';
import { ListingCache } from './listing-cache.ts';

function cache(options: Partial<{ maxAgeMs: number; maxEntries: number; maxBytes: number }> = {}) {
  let now = 0;
  const c = new ListingCache({
    maxAgeMs: 5000,
    maxEntries: 100,
    maxBytes: 1_000_000,
    now: () => now,
    ...options,
  });
  c.setLive(true);
  return { c, advance: (ms: number) => (now += ms) };
}

describe('ListingCache', () => {
  it('keeps an answer under its merchant until that merchant changes', () => {
    const { c } = cache();
    c.set('a', 1001, c.ticket(), '{"a":1}');
    c.set('b', 1002, c.ticket(), '{"b":1}');
    expect(c.get('a')?.body.toString()).toBe('{"a":1}');
    c.changed('1001');
    expect(c.get('a')).toBeUndefined();
    expect(c.get('b')?.body.toString()).toBe('{"b":1}');
    c.changed('7,1002');
    expect(c.get('b')).toBeUndefined();
  });

  it('does not keep an answer whose queries ran while its merchant changed', () => {
    const { c } = cache();
    const ticket = c.ticket();
    c.changed('1001');
    c.set('a', 1001, ticket, 'stale');
    expect(c.get('a')).toBeUndefined();
    // Another merchant's change while it ran does not matter.
    const next = c.ticket();
    c.changed('1002');
    c.set('a', 1001, next, 'fresh');
    expect(c.get('a')?.body.toString()).toBe('fresh');
  });

  it('forgets everything on `*` or an announcement it cannot read', () => {
    const { c } = cache();
    c.set('a', 1001, c.ticket(), 'x');
    c.changed('*');
    expect(c.get('a')).toBeUndefined();
    c.set('a', 1001, c.ticket(), 'x');
    c.changed('1001,oops');
    expect(c.get('a')).toBeUndefined();
    c.set('a', 1003, c.ticket(), 'x');
    c.changed('');
    expect(c.get('a')).toBeUndefined();
  });

  it('serves and keeps nothing while the feed is not listening, and nothing read before it came back', () => {
    const { c } = cache();
    c.set('a', 1001, c.ticket(), 'x');
    c.setLive(false);
    expect(c.enabled).toBe(false);
    expect(c.size).toBe(0);
    const ticket = c.ticket();
    c.set('b', 1001, ticket, 'y');
    expect(c.size).toBe(0);
    c.setLive(true);
    c.set('b', 1001, ticket, 'read while deaf');
    expect(c.get('b')).toBeUndefined();
  });

  it('reads again after the maximum age, and is off at 0', () => {
    const { c, advance } = cache({ maxAgeMs: 5000 });
    c.set('a', 1001, c.ticket(), 'x');
    advance(5000);
    expect(c.get('a')?.body.toString()).toBe('x');
    advance(1);
    expect(c.get('a')).toBeUndefined();
    const off = cache({ maxAgeMs: 0 }).c;
    off.set('a', 1001, off.ticket(), 'x');
    expect(off.enabled).toBe(false);
    expect(off.get('a')).toBeUndefined();
  });

  it('forgets the least recently used first, by count and by size', () => {
    const byCount = cache({ maxEntries: 2 }).c;
    byCount.set('a', 1, byCount.ticket(), 'a');
    byCount.set('b', 1, byCount.ticket(), 'b');
    byCount.get('a');
    byCount.set('c', 1, byCount.ticket(), 'c');
    expect(['a', 'b', 'c'].map((k) => byCount.get(k)?.body.toString())).toEqual(['a', undefined, 'c']);

    // Each answer counts twice its length (room for its compressed copies): four of 10 fill 80.
    const { c } = cache({ maxEntries: 100, maxBytes: 80 });
    for (const k of ['a', 'b', 'c', 'd']) c.set(k, 1, c.ticket(), k.repeat(10));
    c.get('a');
    c.set('e', 1, c.ticket(), 'e'.repeat(10));
    expect(['a', 'b', 'c', 'd', 'e'].map((k) => c.get(k) !== undefined)).toEqual([
      true,
      false,
      true,
      true,
      true,
    ]);
    // Larger than a quarter of the bound: served but never kept.
    const big = c.set('big', 1, c.ticket(), 'x'.repeat(11));
    expect(big.body.toString()).toBe('x'.repeat(11));
    expect(c.get('big')).toBeUndefined();
  });

  it('tags the same content the same way, and different content differently', () => {
    const { c } = cache();
    const a = c.set('a', 1, c.ticket(), '{"x":1}');
    const b = c.set('b', 2, c.ticket(), '{"x":1}');
    const d = c.set('d', 2, c.ticket(), '{"x":2}');
    expect(a.etag).toBe(b.etag);
    expect(a.etag).not.toBe(d.etag);
    expect(a.etag).toMatch(/^W\/"[\w-]+"$/);
  });

  it("picks brotli, else gzip, by the client's q-values, and nothing under 1 KB", () => {
    const bytes = 1024;
    expect(preferredEncoding('gzip, deflate, br', bytes)).toBe('br');
    expect(preferredEncoding('gzip;q=0.8, br;q=0.5', bytes)).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip', bytes)).toBe('gzip');
    expect(preferredEncoding('*', bytes)).toBe('br');
    expect(preferredEncoding('identity', bytes)).toBeUndefined();
    expect(preferredEncoding('gzip;q=0, br;q=0', bytes)).toBeUndefined();
    expect(preferredEncoding(undefined, bytes)).toBeUndefined();
    expect(preferredEncoding('br', 1023)).toBeUndefined();
  });
});
