import { TRUNCATE_AT, truncate } from '@lynk/contract/constants';
import type { GateKey } from '@lynk/contract/permissions';
import {
  ActionIcon,
  Box,
  Button,
  Card,
  EmptyState,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconChevronRight, IconFilter, IconMoodEmpty } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useGateCheck } from '@/lib/permissions';
import { useIsSmartphone } from '@/lib/use-smartphone';
import { TABLE_TEXTS } from '@/lib/texts';
import { TableFooter } from '../table-footer';
import { DateFilterChip } from './date-filter-chip';
import type { ListingParams } from './use-listing-params';
import classes from './data-table.module.css';

// The modal (focus trap, overlay, inputs) loads only when someone filters.
const FiltersModal = lazy(() =>
  import('./filters-modal').then((module) => ({ default: module.FiltersModal })),
);

export interface DataTableColumn<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** Hidden, header and cells, from a user who does not pass this gate (spec section 2). */
  gate?: GateKey;
  /** The date column: its header toggles the sort order (ASC/DESC, DESC first). */
  sortable?: boolean;
  align?: 'left' | 'right';
  /** The header is read by screen readers only (an actions column). */
  hiddenHeader?: boolean;
  /** Left out of the smartphone card (it is already the card's title or an action shown elsewhere). */
  hideOnCard?: boolean;
}

export interface DataTableProps<T> {
  /** Accessible name of the table (or `labelledBy`, the id of a heading that names it). */
  label?: string;
  labelledBy?: string;
  columns: readonly DataTableColumn<T>[];
  /** The rows of the current page. */
  rows: readonly T[];
  /** Entries across all pages. */
  total: number;
  loading?: boolean;
  listing: ListingParams;
  rowKey: (row: T) => string;
  /** The smartphone card's main title, cut at 20 characters (spec section 2). */
  cardTitle: (row: T) => string;
  /** Opens a row's details: a click on the row, or its Details button for keyboards. */
  onOpenRow?: (row: T) => void;
  /** A "Filter by" button with the date range filter; off for tables without dates. */
  filterable?: boolean;
  empty?: { title: string; body?: string };
  testId?: string;
}

const SKELETON_ROWS = 5;

function ariaSort(sort: ListingParams['sort']): 'ascending' | 'descending' {
  return sort === 'ASC' ? 'ascending' : 'descending';
}

function SortIcon({ sort }: { sort: ListingParams['sort'] }) {
  return sort === 'ASC' ? <IconArrowUp size={14} aria-hidden /> : <IconArrowDown size={14} aria-hidden />;
}

/**
 * The one table of the portal: columns gated by permission, a date filter and a sortable date
 * column kept in the URL, server-side pages with the "Showing a-b of n entries" footer, loading
 * skeleton, empty state, and cards instead of a table on smartphones.
 */
export function DataTable<T>({
  label,
  labelledBy,
  columns,
  rows,
  total,
  loading = false,
  listing,
  rowKey,
  cardTitle,
  onOpenRow,
  filterable = true,
  empty = { title: TABLE_TEXTS.emptyTitle, body: TABLE_TEXTS.emptyBody },
  testId,
}: DataTableProps<T>) {
  const isSmartphone = useIsSmartphone();
  const passes = useGateCheck();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const visible = columns.filter((column) => passes(column.gate));
  const sortColumn = visible.find((column) => column.sortable);

  // A page past the last one (a shared ?page= link, or smartphone pages of 10 turning into desktop
  // pages of 25) would show "coming up empty" with no pager to leave it: go to the last page
  // instead, in place of the wrong URL, and show the skeleton until it is there.
  const lastPage = Math.max(1, Math.ceil(total / listing.pageSize));
  const pastEnd = !loading && total > 0 && (listing.page - 1) * listing.pageSize >= total;
  const { setPage } = listing;
  useEffect(() => {
    if (pastEnd) setPage(lastPage, { replace: true });
  }, [pastEnd, lastPage, setPage]);

  const busy = loading || pastEnd;
  const showEmpty = !busy && rows.length === 0;
  const nameProps = labelledBy ? { 'aria-labelledby': labelledBy } : { 'aria-label': label };

  const toolbar =
    filterable || (isSmartphone && sortColumn) ? (
      <Group gap="sm" mb="md" wrap="wrap">
        {filterable ? (
          <Button
            variant="default"
            leftSection={<IconFilter size={16} aria-hidden />}
            onClick={() => setFiltersOpen(true)}
            aria-haspopup="dialog"
          >
            {TABLE_TEXTS.filterBy}
          </Button>
        ) : null}
        {isSmartphone && sortColumn ? (
          <Button
            variant="subtle"
            rightSection={<SortIcon sort={listing.sort} />}
            onClick={listing.toggleSort}
            aria-label={TABLE_TEXTS.sortBy(
              sortColumn.header,
              listing.sort === 'ASC' ? TABLE_TEXTS.sortedAscending : TABLE_TEXTS.sortedDescending,
            )}
          >
            {sortColumn.header}
          </Button>
        ) : null}
        {listing.dateRange ? (
          <Box role="group" aria-label={TABLE_TEXTS.activeFilters}>
            <DateFilterChip range={listing.dateRange} onRemove={listing.clearDateRange} />
          </Box>
        ) : null}
      </Group>
    ) : null;

  let body: ReactNode;
  if (showEmpty) {
    body = (
      <Card withBorder radius="md" py="xl">
        <EmptyState
          icon={<IconMoodEmpty size={28} aria-hidden />}
          withIndicatorBackground
          title={empty.title}
          description={empty.body}
          data-testid="data-table-empty"
        />
      </Card>
    );
  } else if (isSmartphone) {
    body = (
      <Box component="ul" className={classes.cards} aria-busy={busy || undefined} {...nameProps}>
        {busy
          ? Array.from({ length: 3 }, (_, index) => (
              <Card key={index} component="li" withBorder radius="md" padding="md">
                <Skeleton height={14} width="60%" mb="sm" />
                <Skeleton height={10} mb={6} />
                <Skeleton height={10} width="80%" />
              </Card>
            ))
          : rows.map((row) => {
              const title = cardTitle(row);
              return (
                <Card key={rowKey(row)} component="li" withBorder radius="md" padding="md">
                  <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start" mb="xs">
                    <Text fw={600} title={title.length > TRUNCATE_AT.mobileCardTitle ? title : undefined}>
                      {truncate(title, TRUNCATE_AT.mobileCardTitle)}
                    </Text>
                    {onOpenRow ? (
                      <ActionIcon
                        variant="subtle"
                        aria-label={TABLE_TEXTS.viewDetails(rowKey(row))}
                        onClick={() => onOpenRow(row)}
                      >
                        <IconChevronRight size={18} aria-hidden />
                      </ActionIcon>
                    ) : null}
                  </Group>
                  <dl className={classes.cardFields}>
                    {visible
                      .filter((column) => !column.hideOnCard)
                      .map((column) =>
                        column.hiddenHeader ? (
                          <div key={column.key} className={classes.cardAction}>
                            <dd>{column.render(row)}</dd>
                          </div>
                        ) : (
                          <div key={column.key} className={classes.cardField}>
                            <dt>{column.header}</dt>
                            <dd>{column.render(row)}</dd>
                          </div>
                        ),
                      )}
                  </dl>
                </Card>
              );
            })}
      </Box>
    );
  } else {
    body = (
      <Card withBorder radius="md" padding={0}>
        <Table.ScrollContainer minWidth={640}>
          <Table
            verticalSpacing="sm"
            horizontalSpacing="sm"
            highlightOnHover={Boolean(onOpenRow)}
            aria-busy={busy || undefined}
            {...nameProps}
          >
            <Table.Thead>
              <Table.Tr>
                {visible.map((column) => (
                  <Table.Th
                    key={column.key}
                    scope="col"
                    ta={column.align}
                    aria-sort={column.sortable ? ariaSort(listing.sort) : undefined}
                  >
                    {column.hiddenHeader ? (
                      <VisuallyHidden>{column.header}</VisuallyHidden>
                    ) : column.sortable ? (
                      <UnstyledButton onClick={listing.toggleSort} className={classes.sortButton}>
                        {column.header}
                        <SortIcon sort={listing.sort} />
                      </UnstyledButton>
                    ) : (
                      column.header
                    )}
                  </Table.Th>
                ))}
                {onOpenRow ? (
                  <Table.Th scope="col">
                    <VisuallyHidden>{TABLE_TEXTS.details}</VisuallyHidden>
                  </Table.Th>
                ) : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {busy
                ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                    <Table.Tr key={index} data-testid="data-table-skeleton-row">
                      {visible.map((column) => (
                        <Table.Td key={column.key}>
                          <Skeleton height={12} radius="sm" />
                        </Table.Td>
                      ))}
                      {onOpenRow ? <Table.Td /> : null}
                    </Table.Tr>
                  ))
                : rows.map((row) => (
                    <Table.Tr
                      key={rowKey(row)}
                      className={onOpenRow ? classes.clickableRow : undefined}
                      // Mouse users click anywhere on the row; keyboard users have the Details button.
                      onClick={onOpenRow ? () => onOpenRow(row) : undefined}
                    >
                      {visible.map((column) => (
                        <Table.Td key={column.key} ta={column.align}>
                          {column.render(row)}
                        </Table.Td>
                      ))}
                      {onOpenRow ? (
                        <Table.Td ta="right">
                          <ActionIcon
                            variant="subtle"
                            aria-label={TABLE_TEXTS.viewDetails(rowKey(row))}
                            onClick={(event) => {
                              event.stopPropagation();
                              onOpenRow(row);
                            }}
                          >
                            <IconChevronRight size={18} aria-hidden />
                          </ActionIcon>
                        </Table.Td>
                      ) : null}
                    </Table.Tr>
                  ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    );
  }

  return (
    <Stack gap={0} data-testid={testId}>
      {toolbar}
      {busy ? <VisuallyHidden role="status">{TABLE_TEXTS.loading}</VisuallyHidden> : null}
      {body}
      {showEmpty || busy ? null : (
        <TableFooter
          page={listing.page}
          pageSize={listing.pageSize}
          total={total}
          onPageChange={listing.setPage}
        />
      )}
      {filtersOpen ? (
        <Suspense fallback={null}>
          <FiltersModal
            opened
            initialRange={listing.dateRange}
            onClose={() => setFiltersOpen(false)}
            onApply={(range) => {
              listing.setDateRange(range);
              setFiltersOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
