// zod's settings as the portal has them (main.tsx imports them first).
import '@/lib/zod-config';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Routes and the layout are lazy chunks: on a busy two-core machine, importing one in jsdom can
// take longer than Testing Library's default one second of waiting for what a user would see.
configure({ asyncUtilTimeout: 5_000 });

/**
 * jsdom has no layout: Mantine needs `matchMedia` (answered against `window.innerWidth`, so a test
 * can set a smartphone width), `ResizeObserver` and `scrollIntoView`; the router calls `scrollTo`.
 */
function toPx(value: string): number {
  const amount = parseFloat(value);
  return value.trim().endsWith('em') ? amount * 16 : amount;
}

function evaluateMediaQuery(query: string): boolean {
  const width = window.innerWidth;
  const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+(?:px|em|rem)?)\)/g)];
  if (conditions.length === 0) return false;
  return conditions.every(([, kind, value = '0']) =>
    kind === 'min' ? width >= toPx(value) : width <= toPx(value),
  );
}

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string): MediaQueryList => ({
    matches: evaluateMediaQuery(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
Object.defineProperty(window, 'ResizeObserver', {
  writable: true,
  configurable: true,
  value: ResizeObserverStub,
});
window.HTMLElement.prototype.scrollIntoView = function scrollIntoView() {};
// React Router's scroll restoration scrolls the window on navigation.
window.scrollTo = () => undefined;

const DESKTOP_WIDTH = 1280;

afterEach(() => {
  cleanup();
  window.innerWidth = DESKTOP_WIDTH;
  window.sessionStorage.clear();
});

window.innerWidth = DESKTOP_WIDTH;
