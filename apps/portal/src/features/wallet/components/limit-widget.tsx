import { DEFAULT_BATCH_LIMIT_BALANCE_CENTS } from '@lynk/contract/constants';
import { formatCents } from '@lynk/contract/money';
import {
  LIMIT_TRANSFER_TYPE_LABELS,
  limitPeriod,
  LIMIT_PERIODS,
  type LimitTransferType,
} from '@lynk/contract/statuses';
import { Badge, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { LimitBar } from '@/components/limit-bar';
import { WIDGET_TEXTS } from '../texts';
import { useLimit } from '../api/get-limit';
import classes from './limit-widget.module.css';

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

  // While the limit is read, skeletons stand in the place of the same text and bar (a skeleton
  // takes the size of what it hides): the card is as tall before the answer as after.
  const loading = !shown && limit.isPending;
  const values = shown ?? { used: 0, limit: 0, remaining: 0 };

  let content;
  if (shown || loading) {
    content = (
      <Stack gap="xs" aria-busy={limit.isPending || undefined}>
        <Skeleton visible={loading} className={classes.placeholder}>
          <Text size="sm" fw={600} className={classes.used}>
            {WIDGET_TEXTS.used(formatCents(values.used), formatCents(values.limit))}
          </Text>
        </Skeleton>
        <Skeleton visible={loading} className={classes.placeholder}>
          <LimitBar label={label} remaining={values.remaining} limit={values.limit} showLabel={false} />
        </Skeleton>
      </Stack>
    );
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
