import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSeenOnce } from './use-seen-once';

function Part() {
  const { ref, seen } = useSeenOnce<HTMLDivElement>();
  return <div ref={ref}>{seen ? 'chart' : 'placeholder'}</div>;
}

/** A stand-in IntersectionObserver whose callback the test calls, as scrolling would. */
function fakeObserver() {
  const observers: { callback: IntersectionObserverCallback; disconnected: boolean }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly entry: (typeof observers)[number];
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback, disconnected: false };
        observers.push(this.entry);
      }
      observe() {}
      disconnect() {
        this.entry.disconnected = true;
      }
    },
  );
  const scroll = (isIntersecting: boolean) =>
    act(() => {
      for (const o of observers.filter((o) => !o.disconnected))
        o.callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver);
    });
  return { observers, scroll };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useSeenOnce', () => {
  it('is false until the element comes into view, then stays true and stops watching', () => {
    const { observers, scroll } = fakeObserver();
    render(<Part />);
    expect(screen.getByText('placeholder')).toBeTruthy();
    scroll(false);
    expect(screen.getByText('placeholder')).toBeTruthy();
    scroll(true);
    expect(screen.getByText('chart')).toBeTruthy();
    expect(observers.every((o) => o.disconnected)).toBe(true);
    scroll(false);
    expect(screen.getByText('chart')).toBeTruthy();
  });

  it('counts as seen where the browser cannot tell', () => {
    render(<Part />);
    expect(screen.getByText('chart')).toBeTruthy();
  });
});
