import type { Branch } from '@lynk/contract/accounts';
import { formatCents } from '@lynk/contract/money';
import { LIMIT_TRANSFER_TYPE_LABELS, type LimitTransferType } from '@lynk/contract/statuses';
import { Button } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { sortFn_basic } from '@tanstack/react-table';
import { useMemo } from 'react';
import { dataTableColumns, type DataTableColumn } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { TABLE_TEXTS } from '@/components/data-table/texts';
import { useListingParams } from '@/components/data-table/use-listing-params';
import { LimitBar } from '@/components/limit-bar';
import { formatTimestamp } from '@/lib/format';
import { CORPORATE_TEXTS, NO_VALUE } from '../texts';

function LaunchButton({ branch, onLaunch }: { branch: Branch; onLaunch: (branch: Branch) => void }) {
  return (
    <Button
      size="xs"
      variant="light"
      rightSection={<IconExternalLink size={14} aria-hidden />}
      aria-label={`${CORPORATE_TEXTS.launch} ${branch.name}`}
      onClick={() => onLaunch(branch)}
    >
      {CORPORATE_TEXTS.launch}
    </Button>
  );
}

const column = dataTableColumns<Branch>();

function limitColumn(type: LimitTransferType): DataTableColumn<Branch> {
  const label = LIMIT_TRANSFER_TYPE_LABELS[type];
  return column.display({
    id: `limit-${type}`,
    header: label,
    meta: { gate: 'accountLimits' },
    // The server sends no limits for a branch whose balances the user may not read.
    cell: ({ row: { original: branch } }) =>
      branch.limits ? (
        <LimitBar
          label={`${branch.name} ${label}`}
          remaining={branch.limits[type].remaining}
          limit={branch.limits[type].limit}
          showLabel={false}
        />
      ) : (
        NO_VALUE
      ),
  });
}

/**
 * Spec section 2, "Corporate dashboard": merchant id, name, a launch button, the main wallet
 * balance and the Cash - In, Cash - Out and Payments (batch) usage bars, and the date column every
 * table sorts by (section 2, "Tables"): here the day the branch joined, newest first by default.
 * Balance and limits need balance read: the columns are hidden without it, and a branch the server
 * sends without them (`balance: null`, `limits: null`: no balance read there) shows a dash.
 */
function branchColumns(onLaunch: (branch: Branch) => void): DataTableColumn<Branch>[] {
  return column.columns([
    column.accessor('merchant_id', { header: CORPORATE_TEXTS.merchantId }),
    column.accessor('name', { header: CORPORATE_TEXTS.name, meta: { hideOnCard: true } }),
    column.accessor('organization_id', { header: CORPORATE_TEXTS.organizationId }),
    column.accessor('created_at', {
      header: CORPORATE_TEXTS.joined,
      enableSorting: true,
      // ISO 8601 instants in UTC sort as text.
      sortFn: sortFn_basic,
      cell: ({ getValue }) => formatTimestamp(getValue(), 'DD/MM/YYYY'),
    }),
    column.accessor('balance', {
      header: CORPORATE_TEXTS.balance,
      meta: { gate: 'balance', align: 'right' },
      cell: ({ getValue }) => {
        const balance = getValue();
        return balance === null ? NO_VALUE : formatCents(balance);
      },
    }),
    limitColumn('TOP'),
    limitColumn('ACH_CASHOUT'),
    limitColumn('MBATCH'),
    column.display({
      id: 'actions',
      header: CORPORATE_TEXTS.actions,
      meta: { hiddenHeader: true, align: 'right' },
      cell: ({ row }) => <LaunchButton branch={row.original} onLaunch={onLaunch} />,
    }),
  ]);
}

/**
 * The branches of a parent organisation, 25 a page (10 on a smartphone, as cards). The children
 * endpoint returns them all at once, so the table cuts the pages (`clientPaging`); the page is in
 * the URL like every table's, and a page past the last one is moved back by the table.
 */
export function BranchAccountsTable({
  branches,
  onLaunch,
  labelledBy,
}: {
  branches: readonly Branch[];
  onLaunch: (branch: Branch) => void;
  /** Id of the heading that names the table. */
  labelledBy?: string;
}) {
  const listing = useListingParams();
  const columns = useMemo(() => branchColumns(onLaunch), [onLaunch]);

  return (
    <DataTable
      labelledBy={labelledBy}
      label={labelledBy ? undefined : CORPORATE_TEXTS.branchAccounts}
      columns={columns}
      rows={branches}
      total={branches.length}
      listing={listing}
      rowKey={(branch) => branch.organization_id}
      cardTitle={(branch) => branch.name}
      filterable={false}
      clientPaging
      empty={{ title: TABLE_TEXTS.noTransactions }}
      testId="branch-accounts-table"
    />
  );
}
