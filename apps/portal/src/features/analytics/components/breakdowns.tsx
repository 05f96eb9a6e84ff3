import type { WalletAnalytics } from '@lynk/contract/analytics';
import { formatCents } from '@lynk/contract/money';
import { channelLabel } from '@lynk/contract/statuses';
import { Paper, Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { signedCents } from '../format';
import { ANALYTICS_TEXTS as T } from '../texts';
import { SummaryTable, type SummaryColumn } from './summary-table';

type Amounts = WalletAnalytics['by_channel'][number];
type CashierRow = WalletAnalytics['by_cashier'][number];
type PayerRow = NonNullable<WalletAnalytics['top_payers']>[number];

const count = (n: number) => n.toLocaleString('en-US');

/** The columns every split shows after its name: payments, refunds and net, with their counts. */
function amountColumns<Row extends Amounts | CashierRow>(): SummaryColumn<Row>[] {
  return [
    { header: T.gross, cell: (row) => formatCents(row.payments), numeric: true },
    { header: T.count, cell: (row) => count(row.payments_count), numeric: true },
    { header: T.refunds, cell: (row) => formatCents(row.refunds), numeric: true },
    { header: T.net, cell: (row) => signedCents(row.net), numeric: true },
  ];
}

const CHANNEL_COLUMNS: SummaryColumn<Amounts>[] = [
  { header: T.channel, cell: (row) => channelLabel(row.channel) },
  ...amountColumns<Amounts>(),
];

const CASHIER_COLUMNS: SummaryColumn<CashierRow>[] = [
  { header: T.cashier, cell: (row) => row.cashier_name ?? T.noCashier },
  ...amountColumns<CashierRow>(),
];

const PAYER_COLUMNS: SummaryColumn<PayerRow>[] = [
  { header: T.payer, cell: (row) => row.payer },
  { header: T.gross, cell: (row) => formatCents(row.payments), numeric: true },
  { header: T.count, cell: (row) => count(row.payments_count), numeric: true },
];

function Split({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children: (headingId: string) => ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId} data-testid={testId}>
      <Title order={3} size="h5" id={headingId} mb="xs">
        {title}
      </Title>
      {children(headingId)}
    </Paper>
  );
}

/**
 * The J$ wallet's period split by channel and by cashier, and its largest payers (not for a
 * cashier, who sees only their own orders: the server sends no payers then). A split without rows
 * is left out: the page says once that the period had no payments.
 */
export function Breakdowns({ wallet, withCashiers }: { wallet: WalletAnalytics; withCashiers: boolean }) {
  const payers = wallet.top_payers;
  return (
    <Stack gap="md">
      {wallet.by_channel.length > 0 ? (
        <Split title={T.byChannel} testId="by-channel">
          {(id) => (
            <SummaryTable
              labelledBy={id}
              columns={CHANNEL_COLUMNS}
              rows={wallet.by_channel}
              rowKey={(row) => row.channel}
            />
          )}
        </Split>
      ) : null}
      {withCashiers && wallet.by_cashier.length > 0 ? (
        <Split title={T.byCashier} testId="by-cashier">
          {(id) => (
            <SummaryTable
              labelledBy={id}
              columns={CASHIER_COLUMNS}
              rows={wallet.by_cashier}
              rowKey={(row) => String(row.cashier_id ?? 'none')}
            />
          )}
        </Split>
      ) : null}
      {payers && payers.length > 0 ? (
        <Split title={T.topPayers} testId="top-payers">
          {(id) => (
            <SummaryTable labelledBy={id} columns={PAYER_COLUMNS} rows={payers} rowKey={(row) => row.payer} />
          )}
        </Split>
      ) : null}
    </Stack>
  );
}
