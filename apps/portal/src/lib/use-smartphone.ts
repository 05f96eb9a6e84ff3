import { em, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/** The media query of the smartphone layout: below the theme's `sm` breakpoint. */
export function smartphoneMediaQuery(breakpointSm: string): string {
  return `(max-width: ${em(parseFloat(breakpointSm) * 16 - 0.02)})`;
}

/** Smartphone layout below the theme's `sm` breakpoint (spec: "smartphone and desktop"). */
export function useIsSmartphone(): boolean {
  const theme = useMantineTheme();
  return useMediaQuery(smartphoneMediaQuery(theme.breakpoints.sm), false, { getInitialValueInEffect: false });
}
