import { renderHook } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useId } from './stable-id';

function Labelled() {
  return <span id={useId()} />;
}

describe('the stable id Mantine uses in the portal', () => {
  it('stays what it was first rendered as, so that nothing renders again to change it', () => {
    const { result, rerender } = renderHook(() => useId());
    const first = result.current;
    expect(first).toMatch(/^mantine-/);
    rerender();
    expect(result.current).toBe(first);
  });

  it('is the one the server rendered, so that the browser takes the page over as it is', () => {
    expect(renderToString(<Labelled />)).toMatch(/<span id="mantine-[^"]+"><\/span>/);
    expect(renderHook(() => useId('given')).result.current).toBe('given');
  });
});
