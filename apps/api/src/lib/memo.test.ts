import { describe, expect, it, vi } from 'vitest';
import { memoByString } from './memo.ts';

describe('memoByString', () => {
  it('works a value out once per input, undefined answers included', () => {
    const compute = vi.fn((input: string) => (input === 'none' ? undefined : input.length));
    const lengthOf = memoByString(compute, 10);
    expect([lengthOf('abc'), lengthOf('abc'), lengthOf('none'), lengthOf('none')]).toEqual([
      3,
      3,
      undefined,
      undefined,
    ]);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('keeps at most its bound, forgetting the oldest first', () => {
    const compute = vi.fn((input: string) => input.toUpperCase());
    const upper = memoByString(compute, 2);
    upper('a');
    upper('b');
    upper('c');
    upper('b');
    expect(compute).toHaveBeenCalledTimes(3);
    upper('a');
    expect(compute).toHaveBeenCalledTimes(4);
  });
});
