import { formatCents } from '@lynk/contract/money';
import type { Refund } from '@lynk/contract/orders';
import { dataTableColumns } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { firstListingQuery, type ListingPrefetch } from '@/components/data-table/listing-prefetch';
import { useListingParams } from '@/components/data-table/use-listing-params';
import { formatTimestamp } from '@/lib/format';
import { useOrganization } from '@/lib/organization';
import { useRefunds, refundsPageQueryOptions } from '../api/get-refunds';
import { REFUND_TABLE_TEXTS } from '../texts';
import { EMPTY_PAGE } from '@/lib/listing';

const column = dataTableColumns<Refund>();

/** Spec section 3, "Table columns: Refunds"; the date (shown in Jamaica time) is the sortable column. */
const COLUMNS = column.columns([
  column.accessor('transactionID', { header: REFUND_TABLE_TEXTS.transactionId }),
  column.accessor('refund_transfer_id', { header: REFUND_TABLE_TEXTS.refundId, meta: { hideOnCard: true } }),
  column.accessor('external_transaction_id', {
    header: REFUND_TABLE_TEXTS.externalId,
    cell: ({ getValue }) => getValue() ?? REFUND_TABLE_TEXTS.none,
  }),
  column.accessor('from', { header: REFUND_TABLE_TEXTS.from }),
  column.accessor('to', { header: REFUND_TABLE_TEXTS.to }),
  column.accessor('datetime', {
    id: 'date',
    header: REFUND_TABLE_TEXTS.date,
    cell: ({ getValue }) => formatTimestamp(getValue()),
    enableSorting: true,
  }),
  column.accessor('amount_to_refund', {
    header: REFUND_TABLE_TEXTS.amount,
    cell: ({ getValue }) => formatCents(getValue()),
    meta: { align: 'right' },
  }),
]);

/** The first page of rows, asked for by the router as soon as this pane's URL matches. */
export function prefetchFirstPage(context: ListingPrefetch) {
  return context.client.prefetchQuery(refundsPageQueryOptions(context.orgId, firstListingQuery(context)));
}

/** The Refunds tab of the main wallet: every refund issued, newest first by default. */
export function RefundsPane() {
  const { orgId } = useOrganization();
  const listing = useListingParams();
  const refunds = useRefunds(orgId, listing.query);
  const page = refunds.data ?? EMPTY_PAGE;

  return (
    <DataTable
      label={REFUND_TABLE_TEXTS.tableLabel}
      columns={COLUMNS}
      rows={page.rows}
      total={page.total}
      loading={refunds.isPending}
      listing={listing}
      rowKey={(row) => row.refund_transfer_id}
      cardTitle={(row) => row.refund_transfer_id}
      testId="refunds-table"
    />
  );
}
