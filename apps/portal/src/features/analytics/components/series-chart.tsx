// The charts' legend and tooltip swatches: only this chunk uses them, so their rules load with it
// rather than with every page's stylesheet (src/app/mantine-styles.ts).
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { formatCents } from '@lynk/contract/money';
import { compactCents } from '../format';
import { ANALYTICS_TEXTS as T } from '../texts';

export interface ChartPoint {
  label: string;
  jmd: number;
  jamDex?: number;
}

const SERIES = {
  jmd: { name: 'jmd', label: T.jmd, color: 'teal.7' },
  jamDex: { name: 'jamDex', label: T.jamDex, color: 'indigo.6' },
};

const formatCount = (value: number) => Math.round(value).toLocaleString('en-US');
const formatMoney = (value: number) => formatCents(Math.round(value));

/**
 * The period's bars (Recharts, through Mantine): the volume or the number of payments by hour or
 * day, J$ and JAM-DEX side by side. In a chunk of its own, loaded after the page's figures: Recharts
 * is most of the page's weight. Screen readers read the table the page renders beside it.
 */
export function SeriesChart({
  data,
  metric,
  withJamDex,
}: {
  data: readonly ChartPoint[];
  metric: 'volume' | 'count';
  withJamDex: boolean;
}) {
  const money = metric === 'volume';
  return (
    <BarChart
      h={240}
      data={data as ChartPoint[]}
      dataKey="label"
      series={withJamDex ? [SERIES.jmd, SERIES.jamDex] : [SERIES.jmd]}
      valueFormatter={money ? formatMoney : formatCount}
      yAxisProps={{
        tickFormatter: money ? compactCents : formatCount,
        width: 64,
        allowDecimals: !money ? false : true,
      }}
      xAxisProps={{ minTickGap: 12, interval: 'preserveStartEnd' }}
      withLegend={withJamDex}
      // J$ first, as on the rest of the page (Recharts sorts a legend by its labels).
      legendProps={{ itemSorter: (item) => (item.dataKey === 'jmd' ? 0 : 1) }}
      tickLine="none"
      gridAxis="x"
      maxBarWidth={28}
      // The chart is a picture: the table beside it is what assistive technology reads, so the
      // chart takes no keyboard focus of its own.
      barChartProps={{ accessibilityLayer: false }}
      data-testid={`chart-${metric}`}
    />
  );
}
