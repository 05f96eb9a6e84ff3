import type { ChainAnalytics } from '@lynk/contract/analytics';
import { formatCents } from '@lynk/contract/money';
import { Paper, Title } from '@mantine/core';
import { useId } from 'react';
import { formatBasisPoints, signedCents } from '../format';
import { ANALYTICS_TEXTS as T } from '../texts';
import { SummaryTable, type SummaryColumn } from './summary-table';

type Branch = ChainAnalytics['branches'][number];

function branchColumns(withJamDex: boolean): SummaryColumn<Branch>[] {
  const columns: SummaryColumn<Branch>[] = [
    { header: T.branch, cell: (branch) => branch.name },
    { header: T.gross, cell: (branch) => formatCents(branch.jmd.payments), numeric: true },
    { header: T.count, cell: (branch) => branch.jmd.payments_count.toLocaleString('en-US'), numeric: true },
    { header: T.refunds, cell: (branch) => formatCents(branch.jmd.refunds), numeric: true },
    { header: T.net, cell: (branch) => signedCents(branch.jmd.net), numeric: true },
    { header: T.averageTicket, cell: (branch) => formatCents(branch.jmd.average_ticket), numeric: true },
    { header: T.refundRate, cell: (branch) => formatBasisPoints(branch.jmd.refund_rate_bp), numeric: true },
  ];
  if (withJamDex)
    columns.push({
      header: T.jamDexPayments,
      cell: (branch) => (branch.jam_dex ? formatCents(branch.jam_dex.payments) : T.noValue),
      numeric: true,
    });
  return columns;
}

/** The chain's period branch by branch: each branch's J$ headline (and JAM-DEX payments). */
export function BranchesTable({ branches }: { branches: ChainAnalytics['branches'] }) {
  const headingId = useId();
  const withJamDex = branches.some((branch) => branch.jam_dex !== null);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby={headingId}
      data-testid="by-branch"
    >
      <Title order={2} size="h4" id={headingId} mb="xs">
        {T.branches}
      </Title>
      <SummaryTable
        labelledBy={headingId}
        columns={branchColumns(withJamDex)}
        rows={branches}
        rowKey={(branch) => String(branch.merchant_id)}
      />
    </Paper>
  );
}
