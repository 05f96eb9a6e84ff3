import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useNeededOnce } from './use-needed-once';

describe('useNeededOnce', () => {
  it('is false until the part is first needed, then true for good', () => {
    const { result, rerender } = renderHook(({ needed }) => useNeededOnce(needed), {
      initialProps: { needed: false },
    });
    expect(result.current).toBe(false);
    rerender({ needed: true });
    expect(result.current).toBe(true);
    rerender({ needed: false });
    expect(result.current).toBe(true);
  });
});
