import type { AnalyticsBucket } from '@lynk/contract/analytics';
import { formatCents } from '@lynk/contract/money';
import { Paper, SimpleGrid, Skeleton, Stack, Title, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense, useId, useMemo } from 'react';
import { bucketLabel, bucketName } from '../format';
import { ANALYTICS_TEXTS as T } from '../texts';
import type { ChartPoint } from './series-chart';
import { useSeenOnce } from '../use-seen-once';

/** Recharts only with the chart: the page's figures and tables show without waiting for it. */
const SeriesChart = lazy(() => import('./series-chart').then((m) => ({ default: m.SeriesChart })));

type Granularity = 'HOUR' | 'DAY';

interface Row {
  start: string;
  jmd: AnalyticsBucket;
  jamDex: AnalyticsBucket | undefined;
}

function chartPoints(
  rows: readonly Row[],
  granularity: Granularity,
  metric: 'volume' | 'count',
): ChartPoint[] {
  return rows.map((row) => {
    const value = (bucket: AnalyticsBucket) =>
      metric === 'volume' ? bucket.payments : bucket.payments_count;
    const point: ChartPoint = { label: bucketLabel(row.start, granularity), jmd: value(row.jmd) };
    if (row.jamDex) point.jamDex = value(row.jamDex);
    return point;
  });
}

function ChartCard({
  title,
  metric,
  rows,
  granularity,
  withJamDex,
}: {
  title: string;
  metric: 'volume' | 'count';
  rows: readonly Row[];
  granularity: Granularity;
  withJamDex: boolean;
}) {
  const headingId = useId();
  // Drawn once in view: on a phone the charts are below the headline figures, and drawing them
  // (and loading Recharts) would block the first screen for a second on a slow phone (ADR 049).
  const { ref: chartRef, seen: chartSeen } = useSeenOnce<HTMLDivElement>();
  const points = useMemo(() => chartPoints(rows, granularity, metric), [rows, granularity, metric]);
  const format = (bucket: AnalyticsBucket) =>
    metric === 'volume' ? formatCents(bucket.payments) : bucket.payments_count.toLocaleString('en-US');
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId} mb="xs">
        {title}
      </Title>
      {/* A picture of the table below: hidden from assistive technology, which reads the table. */}
      <div aria-hidden="true" ref={chartRef}>
        {chartSeen ? (
          <Suspense fallback={<Skeleton h={240} />}>
            <SeriesChart data={points} metric={metric} withJamDex={withJamDex} />
          </Suspense>
        ) : (
          <Skeleton h={240} animate={false} />
        )}
      </div>
      <VisuallyHidden>
        <table data-testid={`chart-table-${metric}`}>
          <caption>{T.chartTable(title)}</caption>
          <thead>
            <tr>
              <th scope="col">{granularity === 'HOUR' ? T.hour : T.day}</th>
              <th scope="col">{T.jmd}</th>
              {withJamDex ? <th scope="col">{T.jamDex}</th> : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.start}>
                <th scope="row">{bucketName(row.start, granularity)}</th>
                <td>{format(row.jmd)}</td>
                {withJamDex ? <td>{row.jamDex ? format(row.jamDex) : T.noValue}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Paper>
  );
}

/**
 * The period's payments bar by bar (by the hour for one day, by the day for longer): the volume
 * and the number, J$ and JAM-DEX side by side, each chart with its table for screen readers.
 */
export function SeriesSection({
  granularity,
  jmd,
  jamDex,
}: {
  granularity: Granularity;
  jmd: readonly AnalyticsBucket[];
  jamDex: readonly AnalyticsBucket[] | null;
}) {
  const rows = useMemo(() => {
    const jamDexByStart = new Map(jamDex?.map((bucket) => [bucket.start, bucket]));
    return jmd.map((bucket): Row => ({
      start: bucket.start,
      jmd: bucket,
      jamDex: jamDexByStart.get(bucket.start),
    }));
  }, [jmd, jamDex]);
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ChartCard
          title={granularity === 'HOUR' ? T.volumeByHour : T.volumeByDay}
          metric="volume"
          rows={rows}
          granularity={granularity}
          withJamDex={jamDex !== null}
        />
        <ChartCard
          title={granularity === 'HOUR' ? T.countByHour : T.countByDay}
          metric="count"
          rows={rows}
          granularity={granularity}
          withJamDex={jamDex !== null}
        />
      </SimpleGrid>
    </Stack>
  );
}
