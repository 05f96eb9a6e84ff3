import { formatCents } from '@lynk/contract/money';
import type { Shift } from '@lynk/contract/shifts';
import { useMemo } from 'react';
import { dataTableColumns } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import type { ListingParams } from '@/components/data-table/use-listing-params';
import { formatTimestamp } from '@/lib/format';
import type { ListingPage } from '@/lib/listing';
import { CASH_UP_TEXTS as T } from '../texts';

const column = dataTableColumns<Shift>();

const COLUMNS = column.columns([
  column.accessor('closed_at', {
    header: T.closedAt,
    cell: ({ getValue }) => formatTimestamp(getValue() ?? ''),
  }),
  column.accessor('started_at', { header: T.started, cell: ({ getValue }) => formatTimestamp(getValue()) }),
  column.accessor((shift) => shift.totals.payments_count, { id: 'count', header: T.count }),
  column.accessor((shift) => shift.totals.payments, {
    id: 'payments',
    header: T.payments,
    cell: ({ getValue }) => formatCents(getValue()),
  }),
  column.accessor((shift) => shift.totals.refunds, {
    id: 'refunds',
    header: T.refunds,
    cell: ({ getValue }) => formatCents(getValue()),
  }),
  column.accessor((shift) => shift.totals.net, {
    id: 'net',
    header: T.net,
    cell: ({ getValue }) => (getValue() < 0 ? `−${formatCents(-getValue())}` : formatCents(getValue())),
  }),
  column.accessor('status', { header: T.status, cell: ({ getValue }) => T.statusLabels[getValue()] }),
]);

const CASHIER_COLUMN = column.accessor('cashier_name', { header: T.cashier });

/** Closed (and reopened) shifts, newest first; a row opens the shift with its orders. */
export function ShiftsTable({
  page,
  loading,
  listing,
  withCashier,
  onOpen,
}: {
  page: ListingPage<Shift>;
  loading: boolean;
  listing: ListingParams;
  withCashier: boolean;
  onOpen: (shift: Shift) => void;
}) {
  const columns = useMemo(() => (withCashier ? [CASHIER_COLUMN, ...COLUMNS] : COLUMNS), [withCashier]);
  return (
    <DataTable
      labelledBy="past-shifts"
      columns={columns}
      rows={page.rows}
      total={page.total}
      loading={loading}
      listing={listing}
      rowKey={(row) => row.id ?? ''}
      cardTitle={(row) => `${row.cashier_name} ${formatTimestamp(row.closed_at ?? '')}`}
      onOpenRow={onOpen}
      filterable={false}
      empty={{ title: T.noShifts }}
      testId="shifts-table"
    />
  );
}
