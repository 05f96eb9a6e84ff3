import { ROLE_PERMISSIONS } from '@lynk/contract/roles';
import { makeSession } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { dataTableColumns } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { useListingParams, type ListingParams } from '@/components/data-table/use-listing-params';

/** A small table on `DataTable` for its tests: rows, gated and sortable columns, URL state. */
export interface Row {
  id: string;
  name: string;
  date: string;
  secret: string;
}

export const makeRows = (count: number): Row[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `row-${index + 1}`,
    name: `Row number ${index + 1} with a long title`,
    date: `2026-11-${String((index % 28) + 1).padStart(2, '0')}`,
    secret: `J$${index}`,
  }));

const column = dataTableColumns<Row>();
const COLUMNS = column.columns([
  column.accessor('id', { header: 'ID' }),
  column.accessor('name', { header: 'Name', meta: { hideOnCard: true } }),
  column.accessor('date', { header: 'Date', enableSorting: true }),
  column.accessor('secret', { header: 'Balance', meta: { gate: 'balance' } }),
]);

function Harness({
  rows,
  total = rows.length,
  loading = false,
  onOpenRow,
}: {
  rows: Row[];
  total?: number;
  loading?: boolean;
  onOpenRow?: (row: Row) => void;
}) {
  const listing = useListingParams();
  return (
    <DataTable
      label="Test entries"
      columns={COLUMNS}
      rows={rows}
      total={total}
      loading={loading}
      listing={listing}
      rowKey={(row) => row.id}
      cardTitle={(row) => row.name}
      onOpenRow={onOpenRow}
    />
  );
}

/** A table whose rows come page by page out of `total` rows, as the server would send them. */
function PagedHarness({ total, onSetPage }: { total: number; onSetPage?: ListingParams['setPage'] }) {
  const listing = useListingParams();
  const rows = makeRows(total).slice(listing.query.offset, listing.query.offset + listing.query.limit);
  return (
    <DataTable
      label="Test entries"
      columns={COLUMNS}
      rows={rows}
      total={total}
      listing={onSetPage ? { ...listing, setPage: onSetPage } : listing}
      rowKey={(row) => row.id}
      cardTitle={(row) => row.name}
    />
  );
}

export function renderPaged(props: Parameters<typeof PagedHarness>[0], path: string) {
  return renderWithProviders(<PagedHarness {...props} />, { path, session: makeSession(1) });
}

export function renderTable(
  props: Parameters<typeof Harness>[0],
  { path = '/list', permissions = ROLE_PERMISSIONS[1] } = {},
) {
  // With the modal host: the Filters modal opens through it.
  return renderWithProviders(<Harness {...props} />, {
    path,
    session: makeSession(1, { permissions: [...permissions] }),
    overlays: true,
  });
}
