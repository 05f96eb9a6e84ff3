import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export interface SummaryColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Amounts and counts line up on the right. */
  numeric?: boolean;
}

/**
 * A short summary (a period's channels, cashiers, payers or branches): every row at once,
 * no pages, filters or sorting, so not the listings' DataTable, whose page and date filter live in
 * the URL (one table a page). It scrolls sideways on a phone rather than squeezing its figures.
 */
export function SummaryTable<Row>({
  labelledBy,
  columns,
  rows,
  rowKey,
  testId,
}: {
  /** The id of the heading that names the table. */
  labelledBy: string;
  columns: readonly SummaryColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  testId?: string;
}) {
  // A region a keyboard can reach, to scroll it sideways on a phone (WCAG 2.1.1).
  return (
    <Table.ScrollContainer
      // Wide enough for a name and its figures side by side: a phone scrolls rather than squeezes.
      minWidth={160 + 100 * (columns.length - 1)}
      type="native"
      tabIndex={0}
      role="region"
      aria-labelledby={labelledBy}
    >
      <Table striped highlightOnHover verticalSpacing="xs" aria-labelledby={labelledBy} data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.header} ta={column.numeric ? 'right' : undefined} scope="col">
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column, index) => {
                const Cell = index === 0 ? Table.Th : Table.Td;
                return (
                  <Cell
                    key={column.header}
                    ta={column.numeric ? 'right' : undefined}
                    scope={index === 0 ? 'row' : undefined}
                    fw={index === 0 ? 500 : undefined}
                    style={
                      column.numeric
                        ? { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }
                        : undefined
                    }
                  >
                    {column.cell(row)}
                  </Cell>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
