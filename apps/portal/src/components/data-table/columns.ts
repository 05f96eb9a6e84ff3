import type { GateKey } from '@lynk/contract/permissions';
import {
  columnVisibilityFeature,
  createColumnHelper,
  createPaginatedRowModel,
  createSortedRowModel,
  metaHelper,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  type Column,
  type ColumnDef,
  type ColumnVisibilityState,
  type RowData,
} from '@tanstack/react-table';

/** What a column says about itself beyond TanStack's definition. */
export interface DataTableColumnMeta {
  /** Hidden, header and cells, from a user who does not pass this gate (spec section 2). */
  gate?: GateKey;
  align?: 'left' | 'right';
  /** The header is read by screen readers only (an actions column). */
  hiddenHeader?: boolean;
  /** Left out of the smartphone card (it is already the card's title or an action shown elsewhere). */
  hideOnCard?: boolean;
}

/**
 * The features every table of the portal registers: column visibility (permission gates), sorting
 * state (the date column) and pagination state. The server sorts and pages its listings; a list
 * that arrives whole, like the branches, is sorted and cut into pages by the row models here.
 */
export const dataTableFeatures = tableFeatures({
  columnVisibilityFeature,
  rowSortingFeature,
  rowPaginationFeature,
  sortedRowModel: createSortedRowModel(),
  paginatedRowModel: createPaginatedRowModel(),
  columnMeta: metaHelper<DataTableColumnMeta>(),
});

export type DataTableFeatures = typeof dataTableFeatures;

/**
 * A column of a portal table. Headers are plain strings (the smartphone cards reuse them as
 * labels); only the date column sets `enableSorting: true`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's own column lists mix value types
export type DataTableColumn<T extends RowData> = ColumnDef<DataTableFeatures, T, any>;

/** `const column = dataTableColumns<Transfer>()`, then `column.accessor(...)`, `column.display(...)`. */
export function dataTableColumns<T extends RowData>() {
  return createColumnHelper<DataTableFeatures, T>();
}

/** A column's id: its `id`, or the accessor key it reads. */
export function columnId<T extends RowData>(column: DataTableColumn<T>): string | undefined {
  if (column.id) return column.id;
  return 'accessorKey' in column && typeof column.accessorKey === 'string' ? column.accessorKey : undefined;
}

/** The visibility state that hides every column whose gate the user does not pass. */
export function gatedVisibility<T extends RowData>(
  columns: readonly DataTableColumn<T>[],
  can: (gate: GateKey | undefined) => boolean,
): ColumnVisibilityState {
  const hidden: ColumnVisibilityState = {};
  for (const column of columns) {
    const id = columnId(column);
    if (id && !can(column.meta?.gate)) hidden[id] = false;
  }
  return hidden;
}

/** A column's header text, for the smartphone cards, the sort button and accessible names. */
export function columnLabel<T extends RowData>(column: Column<DataTableFeatures, T, unknown>): string {
  const { header } = column.columnDef;
  return typeof header === 'string' ? header : column.id;
}
