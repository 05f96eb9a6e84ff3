import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { openModal } from '@/lib/modal-registry';
import { PERIODS, type AnalyticsPeriod } from '../period';
import { ANALYTICS_TEXTS as T } from '../texts';

/**
 * Today, 7 days, 30 days, this month or custom days (Jamaica days), kept in the URL: one button
 * each, the shown one pressed. They wrap on a phone. "Custom" asks for the days in a modal.
 */
export function PeriodPicker({ period, summary }: { period: AnalyticsPeriod; summary: string }) {
  const openCustom = () =>
    openModal(
      'analytics-period',
      { initialRange: period.range, onApply: period.setCustomRange },
      { title: T.customRange },
    );
  return (
    <Stack gap="xs">
      <Group gap="xs" role="group" aria-label={T.period} data-testid="period-picker">
        {PERIODS.map((value) => {
          const pressed = period.period === value;
          const custom = value === 'custom';
          return (
            <Button
              key={value}
              size="sm"
              variant={pressed ? 'filled' : 'default'}
              aria-pressed={pressed}
              aria-haspopup={custom ? 'dialog' : undefined}
              leftSection={custom ? <IconCalendar size={16} aria-hidden /> : undefined}
              onClick={() => (custom ? openCustom() : period.setPeriod(value))}
            >
              {T.periods[value]}
            </Button>
          );
        })}
      </Group>
      <Text size="sm" c="dimmed" data-testid="period-summary">
        {summary}
      </Text>
    </Stack>
  );
}
