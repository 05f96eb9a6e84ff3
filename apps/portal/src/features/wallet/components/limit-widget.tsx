import { DEFAULT_BATCH_LIMIT_BALANCE_CENTS } from '@lynk/contract/constants';
import {
  LIMIT_TRANSFER_TYPE_LABELS,
  limitPeriod,
  LIMIT_PERIODS,
  type LimitTransferType,
} from '@lynk/contract/statuses';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { LimitUsage } from '@/components/limit-usage';
import { WIDGET_TEXTS } from '../texts';
import { useLimit } from '../api/get-limit';

/** One account limit: what is used of it this period and the usage bar (spec section 4). */
export function LimitWidget({
  orgId,
  accountId,
  type,
  testId,
}: {
  orgId: string;
  accountId: number;
  type: LimitTransferType;
  testId?: string;
}) {
  const limit = useLimit(orgId, { accountId, type });
  const titleId = useId();
  const label = LIMIT_TRANSFER_TYPE_LABELS[type];
  const period = limitPeriod(type) === LIMIT_PERIODS.weekly ? WIDGET_TEXTS.weekly : WIDGET_TEXTS.daily;

  // Spec section 9: the batch limit shows its default balance of J$100 until the real one is read.
  const shown =
    limit.isPending && type === 'MBATCH'
      ? { used: 0, limit: DEFAULT_BATCH_LIMIT_BALANCE_CENTS, remaining: DEFAULT_BATCH_LIMIT_BALANCE_CENTS }
      : limit.data;

  let content;
  if (shown || limit.isPending) {
    content = <LimitUsage label={label} usage={shown} busy={limit.isPending} />;
  } else if (limit.isError) {
    content = (
      <Text size="sm" c="dimmed">
        {WIDGET_TEXTS.limitUnavailable}
      </Text>
    );
  }

  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      withBorder
      radius="md"
      padding="lg"
      h="100%"
      data-testid={testId}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text id={titleId} size="sm" fw={600} c="dimmed" tt="uppercase" lts={0.4}>
            {label}
          </Text>
          <Badge variant="light" color="gray" c="gray.8" radius="sm" tt="none">
            {period}
          </Badge>
        </Group>
        {content}
      </Stack>
    </Card>
  );
}
