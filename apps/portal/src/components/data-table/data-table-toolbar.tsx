import { Box, Button, Group } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import type { RowData } from '@tanstack/react-table';
import { columnLabel } from './columns';
import { DateFilterChip } from './date-filter-chip';
import { SortIcon } from './sort-icon';
import { TABLE_TEXTS } from './texts';
import type { DataTableInstance } from './use-data-table';
import type { ListingParams } from './use-listing-params';

/**
 * Above the table: the "Filter by" button, the sort control of the smartphone cards (they have no
 * column headers to press) and the chip of the applied date filter.
 */
export function DataTableToolbar<T extends RowData>({
  table,
  listing,
  filterable,
  showSortControl,
  onOpenFilters,
}: {
  table: DataTableInstance<T>;
  listing: ListingParams;
  filterable: boolean;
  showSortControl: boolean;
  onOpenFilters: () => void;
}) {
  const sortColumn = showSortControl
    ? table.getVisibleLeafColumns().find((column) => column.getCanSort())
    : undefined;
  if (!filterable && !sortColumn) return null;
  const direction = sortColumn?.getIsSorted() ?? false;

  return (
    <Group gap="sm" mb="md" wrap="wrap">
      {filterable ? (
        <Button
          variant="default"
          leftSection={<IconFilter size={16} aria-hidden />}
          onClick={onOpenFilters}
          aria-haspopup="dialog"
        >
          {TABLE_TEXTS.filterBy}
        </Button>
      ) : null}
      {sortColumn ? (
        <Button
          variant="subtle"
          rightSection={<SortIcon direction={direction} />}
          onClick={() => sortColumn.toggleSorting()}
          aria-label={TABLE_TEXTS.sortBy(
            columnLabel(sortColumn),
            direction === 'asc' ? TABLE_TEXTS.sortedAscending : TABLE_TEXTS.sortedDescending,
          )}
        >
          {columnLabel(sortColumn)}
        </Button>
      ) : null}
      {listing.dateRange ? (
        <Box role="group" aria-label={TABLE_TEXTS.activeFilters}>
          <DateFilterChip range={listing.dateRange} onRemove={listing.clearDateRange} />
        </Box>
      ) : null}
    </Group>
  );
}
