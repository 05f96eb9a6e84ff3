import { describe, expect, it } from 'vitest';
import type { SessionIdentity } from '@lynk/contract/session';
import { createIdentityCache } from './identity-cache.ts';

const identity = { id: '7', org_id: 'org_1001' } as SessionIdentity;

describe('the identity cache', () => {
  it('remembers a checked identity for its time, never past the access token, and forgets on demand', () => {
    let clock = 1_000;
    const cache = createIdentityCache(5_000, () => clock);
    cache.set('a', identity, Number.MAX_SAFE_INTEGER);
    cache.set('b', identity, 3_000);
    expect(cache.get('a')).toBe(identity);
    clock = 2_999;
    expect(cache.get('b')).toBe(identity);
    clock = 3_000;
    expect(cache.get('b')).toBeNull();
    expect(cache.get('a')).toBe(identity);
    cache.forget('a');
    expect(cache.get('a')).toBeNull();
    cache.set('a', identity, Number.MAX_SAFE_INTEGER);
    clock = 8_000;
    expect(cache.get('a')).toBeNull();
  });

  it('remembers nothing with a time of zero', () => {
    const cache = createIdentityCache(0, Date.now);
    cache.set('a', identity, Number.MAX_SAFE_INTEGER);
    expect(cache.get('a')).toBeNull();
  });

  it('forgets the oldest session first when full', () => {
    const cache = createIdentityCache(60_000, Date.now);
    for (let i = 0; i <= 10_000; i++) cache.set(`s${i}`, identity, Number.MAX_SAFE_INTEGER);
    expect(cache.size).toBe(10_000);
    expect(cache.get('s0')).toBeNull();
    expect(cache.get('s10000')).toBe(identity);
  });
});
