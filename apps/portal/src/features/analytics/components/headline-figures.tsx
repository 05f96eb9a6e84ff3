import type { AnalyticsFigures } from '@lynk/contract/analytics';
import { formatCents } from '@lynk/contract/money';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Fragment, useId } from 'react';
import { formatBasisPoints, pointsChange, relativeChange, signedCents } from '../format';
import { ANALYTICS_TEXTS as T } from '../texts';

/** An amount may break after a thousands comma on a narrow card, never inside a group. */
function BreakAtCommas({ text }: { text: string }) {
  return text.split(',').map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? (
        <>
          ,<wbr />
        </>
      ) : null}
      {part}
    </Fragment>
  ));
}

function Figure({
  label,
  value,
  change,
  testId,
}: {
  label: string;
  value: string;
  change: string;
  testId: string;
}) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz={{ base: 'lg', sm: 'xl' }} data-testid={`${testId}-value`}>
        <BreakAtCommas text={value} />
      </Text>
      <Text size="xs" c="dimmed" data-testid={`${testId}-change`}>
        {change}
      </Text>
    </Paper>
  );
}

/**
 * One wallet's headline figures for the period, each with its change against the period before:
 * gross payments, refunds, net, number of payments, average ticket and refund rate.
 */
export function HeadlineFigures({
  title,
  current,
  previous,
  testId,
  paired,
}: {
  /** Beside the other wallet's figures: half the width, two figures a row until very wide screens. */
  paired: boolean;
  title: string;
  current: AnalyticsFigures;
  previous: AnalyticsFigures;
  testId: string;
}) {
  const headingId = useId();
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId} data-testid={testId}>
      <Title order={2} size="h4" id={headingId}>
        {title}
      </Title>
      <SimpleGrid cols={paired ? { base: 2, xl: 3 } : { base: 2, sm: 3 }} spacing="sm">
        <Figure
          label={T.gross}
          value={formatCents(current.payments)}
          change={relativeChange(current.payments, previous.payments)}
          testId="figure-gross"
        />
        <Figure
          label={T.refunds}
          value={formatCents(current.refunds)}
          change={relativeChange(current.refunds, previous.refunds)}
          testId="figure-refunds"
        />
        <Figure
          label={T.net}
          value={signedCents(current.net)}
          change={relativeChange(current.net, previous.net)}
          testId="figure-net"
        />
        <Figure
          label={T.count}
          value={current.payments_count.toLocaleString('en-US')}
          change={relativeChange(current.payments_count, previous.payments_count)}
          testId="figure-count"
        />
        <Figure
          label={T.averageTicket}
          value={formatCents(current.average_ticket)}
          change={relativeChange(current.average_ticket, previous.average_ticket)}
          testId="figure-average"
        />
        <Figure
          label={T.refundRate}
          value={formatBasisPoints(current.refund_rate_bp)}
          change={pointsChange(current.refund_rate_bp, previous.refund_rate_bp)}
          testId="figure-refund-rate"
        />
      </SimpleGrid>
    </Stack>
  );
}
