import { useTable, type RowData, type SortingState, type Updater } from '@tanstack/react-table';
import { useCan } from '@/lib/permissions';
import { columnId, dataTableFeatures, gatedVisibility, type DataTableColumn } from './columns';
import type { ListingParams } from './use-listing-params';

function resolve<S>(updater: Updater<S>, current: S): S {
  return typeof updater === 'function' ? (updater as (old: S) => S)(current) : updater;
}

/**
 * The TanStack table of a listing. The URL (`useListingParams`) owns the state: the table reads the
 * sort and page from it and writes changes back to it, so a shared link shows the same view. The
 * server sorts and pages (manual sorting and pagination); a list that arrives whole
 * (`clientPaging`) is sorted and cut into pages by the row models instead.
 */
export function useDataTable<T extends RowData>({
  columns,
  rows,
  total,
  listing,
  rowKey,
  clientPaging = false,
}: {
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  total: number;
  listing: ListingParams;
  rowKey: (row: T) => string;
  clientPaging?: boolean;
}) {
  const can = useCan();
  const sortable = columns.find((column) => column.enableSorting);
  const sortColumn = sortable ? columnId(sortable) : undefined;
  const sorting: SortingState = sortColumn ? [{ id: sortColumn, desc: listing.sort === 'DESC' }] : [];
  const pagination = { pageIndex: listing.page - 1, pageSize: listing.pageSize };

  return useTable({
    features: dataTableFeatures,
    columns,
    data: rows,
    getRowId: rowKey,
    // Only the column that opts in (the date) sorts, newest first, and a sort is never removed.
    defaultColumn: { enableSorting: false },
    sortDescFirst: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    manualSorting: !clientPaging,
    manualPagination: !clientPaging,
    autoResetPageIndex: false,
    rowCount: total,
    state: { sorting, pagination, columnVisibility: gatedVisibility(columns, can) },
    onSortingChange: (updater) => {
      const next = resolve(updater, sorting)[0];
      listing.setSort(next && !next.desc ? 'ASC' : 'DESC');
    },
    onPaginationChange: (updater) => listing.setPage(resolve(updater, pagination).pageIndex + 1),
  });
}

export type DataTableInstance<T extends RowData> = ReturnType<typeof useDataTable<T>>;
