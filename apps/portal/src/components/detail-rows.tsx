import { usesDetailsSideLayout } from '@lynk/contract/constants';
import { Box, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './detail-rows.module.css';

export interface DetailRow {
  label: string;
  value: ReactNode;
  tooltip?: string;
}

/**
 * Label/value rows of a details modal (spec section 3, "Detail row"). Wider than 500 px the label
 * sits beside its value; narrower, above it.
 */
export function DetailRows({ rows }: { rows: readonly DetailRow[] }) {
  const { width } = useViewportSize();
  // Before the first measurement the width is 0: start from the window's own width.
  const side = usesDetailsSideLayout(width || (typeof window === 'undefined' ? 0 : window.innerWidth));
  return (
    <Box component="dl" className={classes.list} data-layout={side ? 'side' : 'stacked'}>
      {rows.map((row) => (
        <div key={row.label} className={classes.row}>
          <Text component="dt" size="sm" c="dimmed">
            <Box component="span" className={classes.label}>
              {row.label}
              {row.tooltip ? (
                <Tooltip
                  label={row.tooltip}
                  withArrow
                  multiline
                  w={240}
                  events={{ hover: true, focus: true, touch: true }}
                >
                  {/* A focusable control named by its tooltip, not a focusable image. */}
                  <UnstyledButton aria-label={row.tooltip} display="inline-flex" c="dimmed">
                    <IconInfoCircle size={14} aria-hidden />
                  </UnstyledButton>
                </Tooltip>
              ) : null}
            </Box>
          </Text>
          <Text component="dd" size="sm" fw={600}>
            {row.value}
          </Text>
        </div>
      ))}
    </Box>
  );
}
