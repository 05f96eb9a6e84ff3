import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/**
 * Lynk's deep teal. Shade 7 is the primary: white on it is 5.8:1 and it reads at 5.1:1 on the
 * light tint, so filled buttons, links and active items pass WCAG AA (4.5:1).
 */
const lynk: MantineColorsTuple = [
  '#e7f6f2',
  '#cdebe4',
  '#9dd6c9',
  '#69c0ad',
  '#40ae96',
  '#25a288',
  '#138b74',
  '#0a7362',
  '#085c4e',
  '#05453b',
];

const systemFont =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', 'Noto Sans', 'Liberation Sans', Arial, sans-serif";

export const theme = createTheme({
  colors: { lynk },
  primaryColor: 'lynk',
  primaryShade: { light: 7, dark: 5 },
  fontFamily: systemFont,
  headings: { fontFamily: systemFont, fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    // A plain object rather than `Modal.extend`: importing Modal here would put it (and its
    // focus trap and scroll area) into the initial bundle.
    Modal: {
      defaultProps: {
        radius: 'lg',
        closeButtonProps: { 'aria-label': 'Close' },
        overlayProps: { backgroundOpacity: 0.45, blur: 2 },
      },
      styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
    },
    // The toasts' close button has only an icon: without a name a screen reader says "button".
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  },
});

/**
 * Mantine's default "dimmed" grey is 3.3:1 on white; secondary text must still pass AA, so it is
 * one shade darker here. Likewise its error red (red 6, 3.3:1): a field's error message, its
 * invalid value and the J$ prefix beside it use red 9 (5.9:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-body': '#ffffff',
  },
  dark: {},
});
