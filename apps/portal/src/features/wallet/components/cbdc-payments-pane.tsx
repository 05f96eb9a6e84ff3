import { formatCents } from '@lynk/contract/money';
import type { CbdcPayment } from '@lynk/contract/transfers';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { useListingParams } from '@/components/data-table/use-listing-params';
import { StatusBadge } from '@/components/status-badge';
import { formatTimestamp } from '@/lib/format';
import { useOrganisation } from '@/lib/organisation';
import { CBDC_PAYMENT_TEXTS } from '@/lib/texts';
import { useCbdcPayments } from '../api/get-cbdc-payments';

/** Spec section 3, "Connected-account transfers": id, date, from_id, amount, status. */
const COLUMNS: readonly DataTableColumn<CbdcPayment>[] = [
  { key: 'id', header: CBDC_PAYMENT_TEXTS.id, render: (row) => row.id, hideOnCard: true },
  {
    key: 'date',
    header: CBDC_PAYMENT_TEXTS.date,
    render: (row) => formatTimestamp(row.date),
    sortable: true,
  },
  { key: 'from_id', header: CBDC_PAYMENT_TEXTS.from, render: (row) => row.from_id },
  {
    key: 'amount',
    header: CBDC_PAYMENT_TEXTS.amount,
    render: (row) => formatCents(row.amount),
    align: 'right',
  },
  { key: 'status', header: CBDC_PAYMENT_TEXTS.status, render: (row) => <StatusBadge status={row.status} /> },
];

/** The JAM-DEX wallet's Payments tab: payments received into its CBDC account. */
export function CbdcPaymentsPane() {
  const { orgId, accounts } = useOrganisation();
  const listing = useListingParams();
  // The route is reachable only with a CBDC account (CbdcGate); its reference names it in the path.
  const reference = accounts.find((account) => account.type === 'CBDC')?.details.account_id ?? '';
  const payments = useCbdcPayments(orgId, reference, listing.query);

  return (
    <DataTable
      label={CBDC_PAYMENT_TEXTS.tableLabel}
      columns={COLUMNS}
      rows={payments.data?.rows ?? []}
      total={payments.data?.total ?? 0}
      loading={payments.isPending && reference !== ''}
      listing={listing}
      rowKey={(row) => row.id}
      cardTitle={(row) => row.id}
      testId="cbdc-payments-table"
    />
  );
}
