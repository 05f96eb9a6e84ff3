import { formatCents } from '@lynk/contract/money';
import type { ShiftTotals as Totals } from '@lynk/contract/shifts';
import { channelLabel } from '@lynk/contract/statuses';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DetailRows } from '@/components/detail-rows';
import { CASH_UP_TEXTS as T } from '../texts';

/** A signed amount: a shift whose refunds outweigh its payments shows its net with a minus. */
function signed(cents: number): string {
  return cents < 0 ? `−${formatCents(-cents)}` : formatCents(cents);
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl" data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/** A shift's totals (J$, to the cent, summed by the server), then the same by channel. */
export function ShiftTotals({ totals, headingLevel = 3 }: { totals: Totals; headingLevel?: 2 | 3 }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Figure label={T.payments} value={formatCents(totals.payments)} testId="shift-payments" />
        <Figure label={T.refunds} value={formatCents(totals.refunds)} testId="shift-refunds" />
        <Figure label={T.net} value={signed(totals.net)} testId="shift-net" />
        <Figure label={T.count} value={String(totals.payments_count)} testId="shift-count" />
      </SimpleGrid>
      <div>
        <Title order={headingLevel} size="h5" mb="xs">
          {T.byChannel}
        </Title>
        {totals.by_channel.length === 0 ? (
          <Text size="sm" c="dimmed">
            {T.noTakings}
          </Text>
        ) : (
          <DetailRows
            rows={totals.by_channel.map((channel) => ({
              label: channelLabel(channel.channel),
              value: `${formatCents(channel.payments)} (${channel.payments_count}) − ${formatCents(channel.refunds)} (${channel.refunds_count}) = ${signed(channel.net)}`,
            }))}
          />
        )}
      </div>
    </Stack>
  );
}
