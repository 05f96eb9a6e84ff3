import { Box, type BoxProps } from '@mantine/core';

/**
 * The Lynk wordmark, drawn inline (no external file, nothing for the CSP to allow). Decorative
 * by default; pass `title` when the logo is the only content of a control.
 */
export function LynkLogo({ height = 32, title, ...props }: BoxProps & { height?: number; title?: string }) {
  const width = (height * 112) / 32;
  return (
    <Box
      component="svg"
      viewBox="0 0 112 32"
      width={width}
      height={height}
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      focusable="false"
      {...props}
    >
      {title ? <title>{title}</title> : null}
      <rect width="32" height="32" rx="9" fill="var(--mantine-color-lynk-7)" />
      <path
        d="M11.5 7.5v14a3.5 3.5 0 0 0 3.5 3.5h7"
        fill="none"
        stroke="#fff"
        strokeWidth="3.5"
        strokeLinecap="round"
      />
      <circle cx="22" cy="11" r="3" fill="var(--mantine-color-lynk-2)" />
      <text
        x="40"
        y="23.5"
        fill="var(--mantine-color-lynk-9)"
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
        fontSize="23"
        fontWeight="800"
        letterSpacing="-0.5"
      >
        lynk
      </text>
    </Box>
  );
}
