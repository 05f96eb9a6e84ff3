import type { Branch } from '@lynk/contract/accounts';
import { formatCents } from '@lynk/contract/money';
import { LIMIT_TRANSFER_TYPE_LABELS, type LimitTransferType } from '@lynk/contract/statuses';
import { Button } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { useListingParams } from '@/components/data-table/use-listing-params';
import { LimitBar } from '@/components/limit-bar';
import { CORPORATE_TEXTS, NO_VALUE, TABLE_TEXTS } from '@/lib/texts';

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

function limitColumn(type: LimitTransferType): DataTableColumn<Branch> {
  const label = LIMIT_TRANSFER_TYPE_LABELS[type];
  return {
    key: `limit-${type}`,
    header: label,
    gate: 'accountLimits',
    // The server sends no limits for a branch whose balances the user may not read.
    render: (branch) =>
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
  };
}

/**
 * Spec section 2, "Corporate dashboard": merchant id, name, a launch button, the main wallet
 * balance and the Cash - In, Cash - Out and Payments (batch) usage bars. Balance and limits need
 * balance read: the columns are hidden without it, and a branch the server sends without them
 * (`balance: null`, `limits: null`: no balance read there) shows a dash.
 */
function branchColumns(onLaunch: (branch: Branch) => void): DataTableColumn<Branch>[] {
  return [
    { key: 'merchant_id', header: CORPORATE_TEXTS.merchantId, render: (branch) => branch.merchant_id },
    { key: 'name', header: CORPORATE_TEXTS.name, render: (branch) => branch.name, hideOnCard: true },
    {
      key: 'organization_id',
      header: CORPORATE_TEXTS.organisationId,
      render: (branch) => branch.organization_id,
    },
    {
      key: 'balance',
      header: CORPORATE_TEXTS.balance,
      gate: 'balance',
      align: 'right',
      render: (branch) => (branch.balance === null ? NO_VALUE : formatCents(branch.balance)),
    },
    limitColumn('TOP'),
    limitColumn('ACH_CASHOUT'),
    limitColumn('MBATCH'),
    {
      key: 'actions',
      header: CORPORATE_TEXTS.actions,
      hiddenHeader: true,
      align: 'right',
      render: (branch) => <LaunchButton branch={branch} onLaunch={onLaunch} />,
    },
  ];
}

/**
 * The branches of a parent organisation, 25 a page (10 on a smartphone, as cards). The children
 * endpoint returns them all at once, so the pages are cut here; the page is in the URL like every
 * table's, and a page past the last one is moved back by the table.
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
  const rows = branches.slice(listing.query.offset, listing.query.offset + listing.pageSize);

  return (
    <DataTable
      labelledBy={labelledBy}
      label={labelledBy ? undefined : CORPORATE_TEXTS.branchAccounts}
      columns={branchColumns(onLaunch)}
      rows={rows}
      total={branches.length}
      listing={listing}
      rowKey={(branch) => branch.organization_id}
      cardTitle={(branch) => branch.name}
      filterable={false}
      empty={{ title: TABLE_TEXTS.noTransactions }}
      testId="branch-accounts-table"
    />
  );
}
