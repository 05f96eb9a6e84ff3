import { em, useMantineTheme } from '@mantine/core';
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';

/** The media query of the smartphone layout: below the theme's `sm` breakpoint. */
function smartphoneMediaQuery(breakpointSm: string): string {
  return `(max-width: ${em(parseFloat(breakpointSm) * 16 - 0.02)})`;
}

/** Whether the screen is a smartphone's now (the browser only; the hook below keeps its query). */
export function isSmartphoneScreen(breakpointSm: string): boolean {
  return window.matchMedia(smartphoneMediaQuery(breakpointSm)).matches;
}

/**
 * The layout a page rendered on the server was rendered for (ADR 038), null for a page the browser
 * renders alone: the server cannot measure the screen, so it goes by what the browser says it is
 * (smartphoneGuess), and the browser takes the page over with the same layout before it applies
 * its own.
 */
export const ServerLayoutContext = createContext<{ smartphone: boolean } | null>(null);

/**
 * Whether a browser announces itself as a phone: Chromium's `Sec-CH-UA-Mobile` hint, else "Mobi"
 * in the user agent (Safari and Firefox on phones; tablets leave it out).
 */
export function smartphoneGuess(headers: { 'sec-ch-ua-mobile'?: string; 'user-agent'?: string }): boolean {
  const hint = headers['sec-ch-ua-mobile'];
  if (hint !== undefined) return hint.trim() === '?1';
  return /Mobi/.test(headers['user-agent'] ?? '');
}

/**
 * Smartphone layout below the theme's `sm` breakpoint (spec: "smartphone and desktop"). Read as the
 * component renders, so a phone's first render is already the phone's; in a page rendered on the
 * server, and while the browser takes it over, the layout the server rendered.
 */
export function useIsSmartphone(): boolean {
  const renderedForSmartphone = useContext(ServerLayoutContext)?.smartphone ?? false;
  const theme = useMantineTheme();
  const query = smartphoneMediaQuery(theme.breakpoints.sm);
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => renderedForSmartphone,
  );
}
