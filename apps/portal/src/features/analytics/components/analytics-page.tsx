import type { Analytics, ChainAnalytics } from '@lynk/contract/analytics';
import { Box, Paper, SimpleGrid, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { AccessDenied } from '@/components/access-denied';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { apiMessage } from '@/lib/api-message';
import { organizationPaths, useOrganization } from '@/lib/organization';
import { useCan } from '@/lib/permissions';
import { useAnalytics } from '../api/get-analytics';
import { useChainAnalytics } from '../api/get-chain-analytics';
import { displayDay } from '../format';
import { jamaicaToday, useAnalyticsPeriod, type AnalyticsRange } from '../period';
import { ANALYTICS_TEXTS as T } from '../texts';
import { BranchesTable } from './branches-table';
import { Breakdowns } from './breakdowns';
import { HeadlineFigures } from './headline-figures';
import { PeriodPicker } from './period-picker';
import { SeriesSection } from './series-section';

function rangeText(from: string, to: string): string {
  return from === to ? displayDay(from) : `${displayDay(from)} – ${displayDay(to)}`;
}

/** "20/11/2026 – 26/11/2026, compared with 13/11/2026 – 19/11/2026" (the server's days once known). */
function periodSummary(range: AnalyticsRange, data: Analytics | undefined): string {
  if (!data || data.from !== range.from || data.to !== range.to) return rangeText(range.from, range.to);
  return T.periodSummary(rangeText(data.from, data.to), rangeText(data.previous_from, data.previous_to));
}

function hasActivity(data: Analytics): boolean {
  const moved = (figures: Analytics['jmd']['current']) =>
    figures.payments_count > 0 || figures.refunds_count > 0;
  return moved(data.jmd.current) || (data.jam_dex !== null && moved(data.jam_dex.current));
}

function FiguresSkeleton() {
  return (
    <Stack gap="md" data-testid="analytics-loading">
      <VisuallyHidden role="status">{T.loading}</VisuallyHidden>
      <SimpleGrid cols={{ base: 2, lg: 3 }} spacing="sm">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} h={84} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton h={280} radius="md" />
    </Stack>
  );
}

/**
 * A period without any payment or refund. Not the tables' EmptyCard: sharing it with the data
 * table's pages would split it out of their chunk, and the Cash-up route is at its budget.
 */
function NoPayments() {
  return (
    <Paper withBorder radius="md" py="xl" px="md" ta="center" data-testid="analytics-empty">
      <Text fw={600}>{T.empty}</Text>
      <Text size="sm" c="dimmed">
        {T.emptyBody}
      </Text>
    </Paper>
  );
}

/** The figures of one answer: headline per wallet, the bars, the splits (and the chain's branches). */
function AnalyticsBody({ data }: { data: Analytics | ChainAnalytics }) {
  // The server sends no payers to a cashier, who sees only the orders they took.
  const ownOrdersOnly = data.jmd.top_payers === null;
  const jamDex = data.jam_dex;
  return (
    <Stack gap="lg">
      {ownOrdersOnly ? (
        <Text size="sm" data-testid="own-orders-only">
          {T.ownOrdersOnly}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: jamDex ? 2 : 1 }} spacing="lg">
        <HeadlineFigures
          paired={jamDex !== null}
          title={T.jmd}
          current={data.jmd.current}
          previous={data.jmd.previous}
          testId="figures-jmd"
        />
        {jamDex ? (
          <HeadlineFigures
            paired
            title={T.jamDex}
            current={jamDex.current}
            previous={jamDex.previous}
            testId="figures-jam-dex"
          />
        ) : null}
      </SimpleGrid>
      <SeriesSection granularity={data.granularity} jmd={data.jmd.series} jamDex={jamDex?.series ?? null} />
      {'branches' in data ? <BranchesTable branches={data.branches} /> : null}
      <Breakdowns wallet={data.jmd} withCashiers={!ownOrdersOnly} />
    </Stack>
  );
}

function AnalyticsView({
  title,
  home,
  period,
  query,
}: {
  title: string;
  home: string;
  period: ReturnType<typeof useAnalyticsPeriod>;
  query: UseQueryResult<Analytics | ChainAnalytics>;
}) {
  const { data } = query;
  let body;
  if (query.isError && !data) {
    body = <ErrorState message={apiMessage(query.error, T.failed)} onRetry={() => void query.refetch()} />;
  } else if (!data) {
    body = <FiguresSkeleton />;
  } else if (!hasActivity(data) && !('branches' in data && data.branches.length > 0)) {
    body = <NoPayments />;
  } else {
    body = (
      // Another period's figures are asked for with these still shown, dimmed.
      <Box aria-busy={query.isPlaceholderData} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
        <AnalyticsBody data={data} />
      </Box>
    );
  }
  return (
    <div data-testid="analytics-page">
      <PageHeader
        title={title}
        breadcrumbs={[{ label: T.dashboard, to: home }, { label: title }]}
        back={{ to: home, label: T.back }}
      />
      <Stack gap="lg">
        <Paper p={0} bg="transparent">
          <PeriodPicker period={period} summary={periodSummary(period.range, data)} />
        </Paper>
        {query.isError && data ? (
          <ErrorState message={apiMessage(query.error, T.failed)} onRetry={() => void query.refetch()} />
        ) : null}
        {body}
      </Stack>
    </div>
  );
}

/**
 * The analytics page of a merchant or branch ("how did we do?"): a period and the one before,
 * J$ and JAM-DEX side by side. A cashier sees the figures of the orders they took (the server
 * decides; hiding is not the protection).
 */
export function AnalyticsPage() {
  const { orgId, segment } = useOrganization();
  const allowed = useCan('analytics');
  const today = jamaicaToday();
  const period = useAnalyticsPeriod(today);
  const query = useAnalytics(orgId, period.range, { enabled: allowed, live: period.range.to >= today });
  if (!allowed) return <AccessDenied />;
  return (
    <AnalyticsView
      title={T.title}
      home={`${organizationPaths(segment).mainWallet}/orders`}
      period={period}
      query={query}
    />
  );
}

/** The corporate view's analytics: the chain as a whole, then branch by branch. */
export function ChainAnalyticsPage() {
  const { orgId } = useOrganization();
  const allowed = useCan('analytics');
  const today = jamaicaToday();
  const period = useAnalyticsPeriod(today);
  const query = useChainAnalytics(orgId, period.range, { enabled: allowed, live: period.range.to >= today });
  if (!allowed) return <AccessDenied />;
  return <AnalyticsView title={T.chainTitle} home="/" period={period} query={query} />;
}
