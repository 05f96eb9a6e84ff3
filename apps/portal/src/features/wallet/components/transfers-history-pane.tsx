import { formatCents } from '@lynk/contract/money';
import type { Transfer } from '@lynk/contract/transfers';
import { dataTableColumns } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { firstListingQuery, type ListingPrefetch } from '@/components/data-table/listing-prefetch';
import { useListingParams } from '@/components/data-table/use-listing-params';
import { StatusBadge } from '@/components/status-badge';
import { formatTimestamp } from '@/lib/format';
import { useOrganization } from '@/lib/organization';
import { TRANSFER_DETAILS_TEXTS } from '../texts';
import { useTransfers, transfersPageQueryOptions } from '../api/get-transfers';
import type { WalletKind } from '../tabs';
import { openTransferDetails } from './open-transfer-details';
import { EMPTY_PAGE } from '@/lib/listing';

const column = dataTableColumns<Transfer>();

/** Spec section 3, "Table columns: Transfers"; the date is the sortable column. */
const COLUMNS = column.columns([
  column.accessor('transfer_id', {
    header: TRANSFER_DETAILS_TEXTS.transferId,
    meta: { hideOnCard: true },
  }),
  column.accessor('from', { header: TRANSFER_DETAILS_TEXTS.from }),
  column.accessor('to', { header: TRANSFER_DETAILS_TEXTS.to }),
  column.accessor('datetime', {
    header: TRANSFER_DETAILS_TEXTS.date,
    cell: ({ getValue }) => formatTimestamp(getValue()),
    enableSorting: true,
  }),
  column.accessor('total', {
    header: TRANSFER_DETAILS_TEXTS.total,
    cell: ({ getValue }) => formatCents(getValue()),
    meta: { align: 'right' },
  }),
  column.accessor('type', { header: TRANSFER_DETAILS_TEXTS.type }),
  column.accessor('status', {
    header: TRANSFER_DETAILS_TEXTS.status,
    cell: ({ getValue }) => <StatusBadge status={getValue()} />,
  }),
]);

/** The first page of rows, asked for by the router as soon as this pane's URL matches. */
export function prefetchFirstPage(context: ListingPrefetch, wallet: WalletKind) {
  return context.client.prefetchQuery(
    transfersPageQueryOptions(context.orgId, {
      ...firstListingQuery(context),
      jamDexOnly: wallet === 'cbdc',
    }),
  );
}

/** The Transfers History tab of either wallet; the JAM-DEX wallet lists only its own transfers. */
export function TransfersHistoryPane({ wallet }: { wallet: WalletKind }) {
  const { orgId } = useOrganization();
  const listing = useListingParams();
  const transfers = useTransfers(orgId, { ...listing.query, jamDexOnly: wallet === 'cbdc' });
  const page = transfers.data ?? EMPTY_PAGE;

  return (
    <DataTable
      label={TRANSFER_DETAILS_TEXTS.tableLabel}
      columns={COLUMNS}
      rows={page.rows}
      total={page.total}
      loading={transfers.isPending}
      listing={listing}
      rowKey={(row) => row.transfer_id}
      cardTitle={(row) => row.transfer_id}
      onOpenRow={openTransferDetails}
      testId="transfers-history-table"
    />
  );
}
