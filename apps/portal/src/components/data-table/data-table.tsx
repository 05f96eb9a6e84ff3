import { Stack, VisuallyHidden } from '@mantine/core';
import { EmptyCard } from '@/components/empty-card';
import type { RowData } from '@tanstack/react-table';
import { useDeferredValue, useEffect, useMemo } from 'react';
import { openModal } from '@/lib/modal-registry';
import { useIsSmartphone } from '@/lib/use-smartphone';
import { TableFooter } from '../table-footer';
import type { DataTableColumn } from './columns';
import { DataTableCards } from './data-table-cards';
import { DataTableGrid } from './data-table-grid';
import { DataTableToolbar } from './data-table-toolbar';
import { DetailsButton } from './details-button';
import { TABLE_TEXTS } from './texts';
import { useDataTable } from './use-data-table';
import type { ListingParams } from './use-listing-params';

export interface DataTableProps<T extends RowData> {
  /** Accessible name of the table (or `labelledBy`, the id of a heading that names it). */
  label?: string;
  labelledBy?: string;
  /** Stable (module scope or memoised): a new array rebuilds the table's column model. */
  columns: readonly DataTableColumn<T>[];
  /** The rows of the current page, or every row with `clientPaging`. Stable, like `columns`. */
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
  /** `rows` is the whole list (it arrives at once): the table cuts the pages itself. */
  clientPaging?: boolean;
  empty?: { title: string; body?: string };
  testId?: string;
}

/**
 * The one table of the portal: columns gated by permission, a date filter and a sortable date
 * column kept in the URL, server-side pages with the "Showing a-b of n entries" footer, loading
 * skeleton, empty state, and cards instead of a table on smartphones.
 */
export function DataTable<T extends RowData>({
  label,
  labelledBy,
  columns,
  rows: arrivedRows,
  total: arrivedTotal,
  loading: arrivedLoading = false,
  listing,
  rowKey,
  cardTitle,
  onOpenRow,
  filterable = true,
  clientPaging = false,
  empty = { title: TABLE_TEXTS.emptyTitle, body: TABLE_TEXTS.emptyBody },
  testId,
}: DataTableProps<T>) {
  // A page of rows arriving renders in the background (a transition, in slices of a few
  // milliseconds) with the skeleton or the previous page kept meanwhile: the rows, cells and their
  // Mantine components are the heaviest render of a screen, and done at once they hold the main
  // thread for one long task as the answer lands.
  const arrived = useMemo(
    () => ({ rows: arrivedRows, total: arrivedTotal, loading: arrivedLoading }),
    [arrivedRows, arrivedTotal, arrivedLoading],
  );
  const { rows, total, loading } = useDeferredValue(arrived);
  const isSmartphone = useIsSmartphone();
  const allColumns = useMemo(
    () => (onOpenRow ? [...columns, detailsColumn(onOpenRow)] : columns),
    [columns, onOpenRow],
  );
  const table = useDataTable({ columns: allColumns, rows, total, listing, rowKey, clientPaging });

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

  let body;
  if (showEmpty) {
    body = <EmptyCard title={empty.title} body={empty.body} testId="data-table-empty" />;
  } else if (isSmartphone) {
    body = (
      <DataTableCards
        table={table}
        busy={busy}
        nameProps={nameProps}
        cardTitle={cardTitle}
        onOpenRow={onOpenRow}
      />
    );
  } else {
    body = <DataTableGrid table={table} busy={busy} nameProps={nameProps} onOpenRow={onOpenRow} />;
  }

  return (
    <Stack gap={0} data-testid={testId}>
      <DataTableToolbar
        table={table}
        listing={listing}
        filterable={filterable}
        showSortControl={isSmartphone}
        onOpenFilters={() =>
          openModal(
            'filters',
            { initialRange: listing.dateRange, onApply: listing.setDateRange },
            { title: TABLE_TEXTS.filtersTitle },
          )
        }
      />
      {busy ? <VisuallyHidden role="status">{TABLE_TEXTS.loading}</VisuallyHidden> : null}
      {body}
      {showEmpty || busy ? null : (
        <TableFooter
          page={listing.page}
          pageSize={listing.pageSize}
          total={total}
          onPageChange={(page) => table.setPageIndex(page - 1)}
        />
      )}
    </Stack>
  );
}

/** The last column of a table whose rows open: the Details button (the card shows it in its title). */
function detailsColumn<T extends RowData>(onOpenRow: (row: T) => void): DataTableColumn<T> {
  return {
    id: 'details',
    header: TABLE_TEXTS.details,
    meta: { hiddenHeader: true, hideOnCard: true, align: 'right' },
    cell: ({ row }) => <DetailsButton id={row.id} onOpen={() => onOpenRow(row.original)} />,
  };
}
