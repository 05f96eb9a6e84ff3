import { Card, Skeleton, Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { Header, RowData } from '@tanstack/react-table';
import { columnLabel, type DataTableFeatures } from './columns';
import { SortIcon } from './sort-icon';
import type { DataTableInstance } from './use-data-table';
import classes from './data-table.module.css';

const SKELETON_ROWS = 5;

function HeaderContent<T extends RowData>({ header }: { header: Header<DataTableFeatures, T, unknown> }) {
  const { column } = header;
  if (column.columnDef.meta?.hiddenHeader) return <VisuallyHidden>{columnLabel(column)}</VisuallyHidden>;
  if (!column.getCanSort()) return columnLabel(column);
  return (
    <UnstyledButton onClick={column.getToggleSortingHandler()} className={classes.sortButton}>
      {columnLabel(column)}
      <SortIcon direction={column.getIsSorted()} />
    </UnstyledButton>
  );
}

/** The desktop table: visible columns, a sortable date header with `aria-sort`, skeleton rows. */
export function DataTableGrid<T extends RowData>({
  table,
  busy,
  nameProps,
  onOpenRow,
}: {
  table: DataTableInstance<T>;
  busy: boolean;
  nameProps: { 'aria-label'?: string; 'aria-labelledby'?: string };
  onOpenRow?: (row: T) => void;
}) {
  const columns = table.getVisibleLeafColumns();
  return (
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
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  return (
                    <Table.Th
                      key={header.id}
                      scope="col"
                      ta={header.column.columnDef.meta?.align}
                      aria-sort={
                        header.column.getCanSort()
                          ? sorted === 'asc'
                            ? 'ascending'
                            : 'descending'
                          : undefined
                      }
                    >
                      <HeaderContent header={header} />
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {busy
              ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                  <Table.Tr key={index} data-testid="data-table-skeleton-row">
                    {columns.map((column) => (
                      <Table.Td key={column.id}>
                        <Skeleton height={12} radius="sm" />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              : table.getRowModel().rows.map((row) => (
                  <Table.Tr
                    key={row.id}
                    className={onOpenRow ? classes.clickableRow : undefined}
                    // Mouse users click anywhere on the row; keyboard users have the Details button.
                    onClick={onOpenRow ? () => onOpenRow(row.original) : undefined}
                  >
                    {row.getVisibleCells().map((cell) => (
                      <Table.Td key={cell.id} ta={cell.column.columnDef.meta?.align}>
                        <table.FlexRender cell={cell} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
