import { limitBarColour, limitUsagePercent, type LimitBarColour } from '@lynk/contract/constants';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { LIMIT_BAR_TEXTS } from './texts';

/** Theme colours of the usage bands (spec section 4): green, yellow, red; shades that stay readable on white. */
const LIMIT_BAR_COLOURS: Record<LimitBarColour, string> = {
  success: 'green.7',
  warning: 'yellow.6',
  danger: 'red.7',
};

/**
 * An account limit usage bar: percent used is the contract's `limitUsagePercent(remaining, limit)`
 * and its colour band `limitBarColour` (0-49 success, 50-74 warning, 75-100 danger).
 */
export function LimitBar({
  label,
  remaining,
  limit,
  showLabel = true,
}: {
  label: string;
  remaining: number;
  limit: number;
  /** The category name above the bar; off where a column header already names it. */
  showLabel?: boolean;
}) {
  const percent = limitUsagePercent(remaining, limit);
  const colour = limitBarColour(percent);
  return (
    <Stack gap={4} miw={80} data-testid="limit-bar" data-colour={colour} data-percent={percent}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        {showLabel ? (
          <Text size="xs" fw={600} c="dimmed">
            {label}
          </Text>
        ) : null}
        <Text size="xs" fw={700} ml="auto">
          {percent}%
        </Text>
      </Group>
      <Progress
        value={percent}
        color={LIMIT_BAR_COLOURS[colour]}
        size="md"
        radius="xl"
        aria-label={LIMIT_BAR_TEXTS.percentUsed(label)}
      />
    </Stack>
  );
}
