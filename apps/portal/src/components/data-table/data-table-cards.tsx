import { TRUNCATE_AT, truncate } from '@lynk/contract/constants';
import { Box, Card, Group, Skeleton, Text } from '@mantine/core';
import type { RowData } from '@tanstack/react-table';
import { columnLabel } from './columns';
import { DetailsButton } from './details-button';
import type { DataTableInstance } from './use-data-table';
import classes from './data-table.module.css';

/**
 * The smartphone view: one card per row, titled by `cardTitle` cut at 20 characters (spec section
 * 2, the whole title in its tooltip), with the visible columns as label/value pairs.
 */
export function DataTableCards<T extends RowData>({
  table,
  busy,
  nameProps,
  cardTitle,
  onOpenRow,
}: {
  table: DataTableInstance<T>;
  busy: boolean;
  nameProps: { 'aria-label'?: string; 'aria-labelledby'?: string };
  cardTitle: (row: T) => string;
  onOpenRow?: (row: T) => void;
}) {
  return (
    <Box component="ul" className={classes.cards} aria-busy={busy || undefined} {...nameProps}>
      {busy
        ? Array.from({ length: 3 }, (_, index) => (
            <Card key={index} component="li" withBorder radius="md" padding="md">
              <Skeleton height={14} width="60%" mb="sm" />
              <Skeleton height={10} mb={6} />
              <Skeleton height={10} width="80%" />
            </Card>
          ))
        : table.getRowModel().rows.map((row) => {
            const title = cardTitle(row.original);
            return (
              <Card key={row.id} component="li" withBorder radius="md" padding="md">
                <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start" mb="xs">
                  <Text fw={600} title={title.length > TRUNCATE_AT.mobileCardTitle ? title : undefined}>
                    {truncate(title, TRUNCATE_AT.mobileCardTitle)}
                  </Text>
                  {onOpenRow ? <DetailsButton id={row.id} onOpen={() => onOpenRow(row.original)} /> : null}
                </Group>
                <dl className={classes.cardFields}>
                  {row
                    .getVisibleCells()
                    .filter((cell) => !cell.column.columnDef.meta?.hideOnCard)
                    .map((cell) =>
                      cell.column.columnDef.meta?.hiddenHeader ? (
                        <div key={cell.id} className={classes.cardAction}>
                          <dd>
                            <table.FlexRender cell={cell} />
                          </dd>
                        </div>
                      ) : (
                        <div key={cell.id} className={classes.cardField}>
                          <dt>{columnLabel(cell.column)}</dt>
                          <dd>
                            <table.FlexRender cell={cell} />
                          </dd>
                        </div>
                      ),
                    )}
                </dl>
              </Card>
            );
          })}
    </Box>
  );
}
