import { formatCents } from '@lynk/contract/money';
import type { Transfer } from '@lynk/contract/transfers';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { useListingParams } from '@/components/data-table/use-listing-params';
import { StatusBadge } from '@/components/status-badge';
import { formatTimestamp } from '@/lib/format';
import { useOrganisation } from '@/lib/organisation';
import { TRANSFER_DETAILS_TEXTS } from '@/lib/texts';
import { useTransfers } from '../api/get-transfers';
import type { WalletKind } from '../tabs';
import { openTransferDetails } from './open-transfer-details';

/** Spec section 3, "Table columns: Transfers". */
const COLUMNS: readonly DataTableColumn<Transfer>[] = [
  {
    key: 'transfer_id',
    header: TRANSFER_DETAILS_TEXTS.transferId,
    render: (row) => row.transfer_id,
    hideOnCard: true,
  },
  { key: 'from', header: TRANSFER_DETAILS_TEXTS.from, render: (row) => row.from },
  { key: 'to', header: TRANSFER_DETAILS_TEXTS.to, render: (row) => row.to },
  {
    key: 'datetime',
    header: TRANSFER_DETAILS_TEXTS.date,
    render: (row) => formatTimestamp(row.datetime),
    sortable: true,
  },
  {
    key: 'total',
    header: TRANSFER_DETAILS_TEXTS.total,
    render: (row) => formatCents(row.total),
    align: 'right',
  },
  { key: 'type', header: TRANSFER_DETAILS_TEXTS.type, render: (row) => row.type },
  {
    key: 'status',
    header: TRANSFER_DETAILS_TEXTS.status,
    render: (row) => <StatusBadge status={row.status} />,
  },
];

/** The Transfers History tab of either wallet; the JAM-DEX wallet lists only its own transfers. */
export function TransfersHistoryPane({ wallet }: { wallet: WalletKind }) {
  const { orgId } = useOrganisation();
  const listing = useListingParams();
  const transfers = useTransfers(orgId, { ...listing.query, jamDexOnly: wallet === 'cbdc' });

  return (
    <DataTable
      label={TRANSFER_DETAILS_TEXTS.tableLabel}
      columns={COLUMNS}
      rows={transfers.data?.rows ?? []}
      total={transfers.data?.total ?? 0}
      loading={transfers.isPending}
      listing={listing}
      rowKey={(row) => row.transfer_id}
      cardTitle={(row) => row.transfer_id}
      onOpenRow={openTransferDetails}
      testId="transfers-history-table"
    />
  );
}
