import { formatCents } from '@lynk/contract/money';
import type { ShiftDetail, ShiftEntry } from '@lynk/contract/shifts';
import { channelLabel } from '@lynk/contract/statuses';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconLockOpen, IconPrinter } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { AccessDenied } from '@/components/access-denied';
import { CenteredLoader } from '@/components/centered-loader';
import { DetailRows, type DetailRow } from '@/components/detail-rows';
import { PageHeader } from '@/components/page-header';
import { dataTableColumns } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { useListingParams } from '@/components/data-table/use-listing-params';
import { apiMessage } from '@/lib/api-message';
import { formatTimestamp } from '@/lib/format';
import { openModal } from '@/lib/modal-registry';
import { organizationPaths, useOrganization } from '@/lib/organization';
import { useCan } from '@/lib/permissions';
import { useDownloadShiftCsv } from '../api/download-shift-csv';
import { useShift } from '../api/get-shift';
import { CASH_UP_TEXTS as T } from '../texts';
import { PRINT_CLASSES as classes, PrintStyle } from './print-style';
import { ShiftTotals } from './shift-totals';

const column = dataTableColumns<ShiftEntry>();

const ENTRY_COLUMNS = column.columns([
  column.accessor('at', { header: T.date, cell: ({ getValue }) => formatTimestamp(getValue()) }),
  column.accessor('kind', {
    header: T.type,
    cell: ({ getValue }) => (getValue() === 'PAYMENT' ? T.payment : T.refund),
  }),
  column.accessor('m_order_id', { header: T.orderId }),
  column.accessor('channel', { header: T.channel, cell: ({ getValue }) => channelLabel(getValue()) }),
  column.accessor('amount', {
    header: T.amount,
    cell: ({ row, getValue }) =>
      row.original.kind === 'REFUND' ? `−${formatCents(getValue())}` : formatCents(getValue()),
    meta: { align: 'right' },
  }),
]);

/** Who closed it, when, and (reopened) by whom and why: what the printed summary carries too. */
function ShiftFacts({ shift }: { shift: ShiftDetail }) {
  const rows: DetailRow[] = [
    { label: T.cashier, value: shift.cashier_name },
    { label: T.started, value: formatTimestamp(shift.started_at) },
    { label: T.closedAt, value: formatTimestamp(shift.closed_at ?? shift.as_of) },
    { label: T.closedBy, value: shift.closed_by_name ?? '' },
    { label: T.refundCount, value: String(shift.totals.refunds_count) },
  ];
  if (shift.status === 'REOPENED') {
    rows.push(
      {
        label: T.reopenedBy,
        value: `${shift.reopened_by_name ?? ''} · ${formatTimestamp(shift.reopened_at ?? '')}`,
      },
      { label: T.reopenReason, value: shift.reopen_reason ?? '' },
    );
  }
  return <DetailRows rows={rows} />;
}

/**
 * One closed shift: its summary (what prints, on one A4 page), the payments and refunds behind it,
 * "Download CSV", "Print", and for a manager "Reopen" with a reason.
 */
export function ShiftDetailPage() {
  const { id = '' } = useParams();
  const { orgId, segment } = useOrganization();
  const allowed = useCan('cashUp');
  const manager = useCan('cashUpManage');
  const listing = useListingParams();
  const shift = useShift(orgId, id);
  const download = useDownloadShiftCsv();
  const back = organizationPaths(segment).cashUp;

  if (!allowed) return <AccessDenied />;
  const data = shift.data;
  const title = data ? `${T.shift} ${data.id}` : T.shift;

  return (
    <div data-testid="shift-detail-page">
      <PrintStyle />
      <div className={classes.noPrint}>
        <PageHeader
          title={title}
          breadcrumbs={[{ label: T.title, to: back }, { label: title }]}
          back={{ to: back, label: T.back }}
          actions={
            data ? (
              <Group gap="xs">
                <Button
                  variant="default"
                  leftSection={<IconDownload size={18} aria-hidden />}
                  loading={download.isPending}
                  onClick={() =>
                    download.mutate(data.id!, {
                      onError: (error) =>
                        notifications.show({ message: apiMessage(error, T.downloadFailed), color: 'red' }),
                    })
                  }
                >
                  {T.downloadCsv}
                </Button>
                <Button
                  variant="default"
                  leftSection={<IconPrinter size={18} aria-hidden />}
                  onClick={() => window.print()}
                >
                  {T.print}
                </Button>
                {manager && data.status === 'CLOSED' ? (
                  <Button
                    variant="default"
                    leftSection={<IconLockOpen size={18} aria-hidden />}
                    onClick={() => openModal('reopen-shift', { shiftId: data.id! }, { title: T.reopenTitle })}
                  >
                    {T.reopen}
                  </Button>
                ) : null}
              </Group>
            ) : null
          }
        />
      </div>
      {shift.isPending ? <CenteredLoader label={T.loading} /> : null}
      {shift.isError ? <Alert color="red">{apiMessage(shift.error, T.notFound)}</Alert> : null}
      {data ? (
        <Stack gap="lg">
          <Paper withBorder radius="md" p="md" className={classes.printArea} data-testid="shift-summary">
            <Text className={classes.printOnly} fw={700} size="lg" mb="xs">
              {T.printedSummary}
            </Text>
            <Group justify="space-between" mb="md">
              <Title order={2} size="h4">
                {title}
              </Title>
              <Badge color={data.status === 'REOPENED' ? 'orange' : 'gray'} variant="light">
                {T.statusLabels[data.status]}
              </Badge>
            </Group>
            <Stack gap="md">
              <ShiftFacts shift={data} />
              <ShiftTotals totals={data.totals} />
            </Stack>
          </Paper>
          <div className={classes.noPrint}>
            <Title order={2} size="h4" mb="sm" id="shift-orders">
              {T.shiftOrders}
            </Title>
            <DataTable
              labelledBy="shift-orders"
              columns={ENTRY_COLUMNS}
              rows={data.entries}
              total={data.entries.length}
              listing={listing}
              clientPaging
              filterable={false}
              rowKey={(row) => `${row.kind}-${row.refund_id ?? row.m_order_id}`}
              cardTitle={(row) => `${row.kind === 'PAYMENT' ? T.payment : T.refund} ${row.m_order_id}`}
              empty={{ title: T.noEntries }}
              testId="shift-entries"
            />
          </div>
        </Stack>
      ) : null}
    </div>
  );
}
