import type { Account } from '@lynk/contract/accounts';
import { formatCents } from '@lynk/contract/money';
import type { CbdcPayment } from '@lynk/contract/transfers';
import { dataTableColumns } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { firstListingQuery, type ListingPrefetch } from '@/components/data-table/listing-prefetch';
import { useListingParams } from '@/components/data-table/use-listing-params';
import { StatusBadge } from '@/components/status-badge';
import { formatTimestamp } from '@/lib/format';
import { useOrganization } from '@/lib/organization';
import { CBDC_PAYMENT_TEXTS } from '../texts';
import { cbdcPaymentsPageQueryOptions, useCbdcPayments } from '../api/get-cbdc-payments';
import { EMPTY_PAGE } from '@/lib/listing';

const column = dataTableColumns<CbdcPayment>();

/** Spec section 3, "Connected-account transfers": id, date, from_id, amount, status. */
const COLUMNS = column.columns([
  column.accessor('id', { header: CBDC_PAYMENT_TEXTS.id, meta: { hideOnCard: true } }),
  column.accessor('date', {
    header: CBDC_PAYMENT_TEXTS.date,
    cell: ({ getValue }) => formatTimestamp(getValue()),
    enableSorting: true,
  }),
  column.accessor('from_id', { header: CBDC_PAYMENT_TEXTS.from }),
  column.accessor('amount', {
    header: CBDC_PAYMENT_TEXTS.amount,
    cell: ({ getValue }) => formatCents(getValue()),
    meta: { align: 'right' },
  }),
  column.accessor('status', {
    header: CBDC_PAYMENT_TEXTS.status,
    cell: ({ getValue }) => <StatusBadge status={getValue()} />,
  }),
]);

/**
 * The reference of the organisation's CBDC account, which names it in the payments' path ('' with
 * none: the route is reachable only with one, CbdcGate).
 */
function cbdcAccountReference(accounts: readonly Account[]): string {
  return accounts.find((account) => account.type === 'CBDC')?.details.account_id ?? '';
}

/** The first page of rows, asked for by the router as soon as this pane's URL matches. */
export async function prefetchFirstPage(context: ListingPrefetch, accounts: readonly Account[]) {
  const reference = cbdcAccountReference(accounts);
  if (reference === '') return;
  await context.client.prefetchQuery(
    cbdcPaymentsPageQueryOptions(context.orgId, reference, firstListingQuery(context)),
  );
}

/** The JAM-DEX wallet's Payments tab: payments received into its CBDC account. */
export function CbdcPaymentsPane() {
  const { orgId, accounts } = useOrganization();
  const listing = useListingParams();
  const reference = cbdcAccountReference(accounts);
  const payments = useCbdcPayments(orgId, reference, listing.query);
  const page = payments.data ?? EMPTY_PAGE;

  return (
    <DataTable
      label={CBDC_PAYMENT_TEXTS.tableLabel}
      columns={COLUMNS}
      rows={page.rows}
      total={page.total}
      loading={payments.isPending && reference !== ''}
      listing={listing}
      rowKey={(row) => row.id}
      cardTitle={(row) => row.id}
      testId="cbdc-payments-table"
    />
  );
}
