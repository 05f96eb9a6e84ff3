import { em, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/** Smartphone layout below the theme's `sm` breakpoint (spec: "smartphone and desktop"). */
export function useIsSmartphone(): boolean {
  const theme = useMantineTheme();
  const query = `(max-width: ${em(parseFloat(theme.breakpoints.sm) * 16 - 0.02)})`;
  return useMediaQuery(query, false, { getInitialValueInEffect: false });
}
