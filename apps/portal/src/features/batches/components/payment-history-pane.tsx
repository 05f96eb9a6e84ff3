import { isBatchMaker, type Batch } from '@lynk/contract/batches';
import { formatCents } from '@lynk/contract/money';
import { batchStatusLabel, hasBatchReceipt, isBatchReviewable } from '@lynk/contract/statuses';
import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconEye } from '@tabler/icons-react';
import { Link } from 'react-router';
import { dataTableColumns } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { firstListingQuery, type ListingPrefetch } from '@/components/data-table/listing-prefetch';
import { useListingParams } from '@/components/data-table/use-listing-params';
import { StatusBadge } from '@/components/status-badge';
import { formatTimestamp } from '@/lib/format';
import { useOrganization } from '@/lib/organization';
import { useCan } from '@/lib/permissions';
import { useRequiredSession } from '@/lib/session';
import { useDownloadBatchReceipt } from '../api/get-batch-receipt';
import { useBatches, batchesPageQueryOptions } from '../api/get-batches';
import { HISTORY_TEXTS } from '../texts';
import { BatchName } from './batch-name';
import { EMPTY_PAGE } from '@/lib/listing';

/**
 * Who has something to do on a batch waiting for a decision: an admin who may approve (spec section
 * 4), whoever may send a validated batch for approval, and its maker, who may cancel it (a manager
 * who chose "Resume Later" comes back this way).
 */
function mayActOn(batch: Batch, user: { isAdmin: boolean; mayCreate: boolean; id: string }) {
  if (!isBatchReviewable(batch.status)) return false;
  if (user.isAdmin) return true;
  return user.mayCreate && (batch.status === 'VALIDATED' || isBatchMaker(batch, user.id));
}

/**
 * A row's actions (spec section 4): "Review Batch" for a batch waiting for a decision, to whoever
 * may act on it; "Receipt" (receipt.csv) once the batch is processed.
 */
function BatchActions({ batch }: { batch: Batch }) {
  const isAdmin = useCan('reviewBatch');
  const mayCreate = useCan('createPayments');
  const { id } = useRequiredSession();
  const receipt = useDownloadBatchReceipt();
  const review = mayActOn(batch, { isAdmin, mayCreate, id });
  const withReceipt = hasBatchReceipt(batch.status);
  if (!review && !withReceipt) return null;
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {review ? (
        <Button
          component={Link}
          to={`review/${batch.id}`}
          size="compact-sm"
          variant="light"
          leftSection={<IconEye size={16} aria-hidden />}
          aria-label={HISTORY_TEXTS.reviewBatchOf(batch.id)}
        >
          {HISTORY_TEXTS.reviewBatch}
        </Button>
      ) : null}
      {withReceipt ? (
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          aria-label={HISTORY_TEXTS.receiptOf(batch.id)}
          loading={receipt.isPending}
          onClick={() =>
            receipt.mutate(batch.id, {
              onError: () => notifications.show({ message: HISTORY_TEXTS.receiptFailed, color: 'red' }),
            })
          }
        >
          {HISTORY_TEXTS.receipt}
        </Button>
      ) : null}
    </Group>
  );
}

const column = dataTableColumns<Batch>();

/** Spec section 3, "Table columns: Batches"; the creation date is the sortable column. */
const COLUMNS = column.columns([
  column.accessor('id', { header: HISTORY_TEXTS.id }),
  column.accessor('name', {
    header: HISTORY_TEXTS.name,
    cell: ({ getValue }) => <BatchName name={getValue()} />,
    meta: { hideOnCard: true },
  }),
  column.accessor('status', {
    header: HISTORY_TEXTS.status,
    cell: ({ getValue }) => <StatusBadge status={getValue()} label={batchStatusLabel(getValue())} />,
  }),
  column.accessor('created_by', { header: HISTORY_TEXTS.createdBy }),
  column.accessor('created_at', {
    header: HISTORY_TEXTS.createdAt,
    cell: ({ getValue }) => formatTimestamp(getValue()),
    enableSorting: true,
  }),
  column.accessor('total', {
    header: HISTORY_TEXTS.total,
    cell: ({ getValue }) => formatCents(getValue()),
    meta: { align: 'right' },
  }),
  column.display({
    id: 'actions',
    header: HISTORY_TEXTS.actions,
    meta: { hiddenHeader: true, align: 'right' },
    cell: ({ row }) => <BatchActions batch={row.original} />,
  }),
]);

/** The first page of rows, asked for by the router as soon as this pane's URL matches. */
export function prefetchFirstPage(context: ListingPrefetch) {
  return context.client.prefetchQuery(batchesPageQueryOptions(context.orgId, firstListingQuery(context)));
}

/** The Payment History tab of the main wallet: the merchant's batches, newest first by default. */
export function PaymentHistoryPane() {
  const { orgId } = useOrganization();
  const listing = useListingParams();
  const batches = useBatches(orgId, listing.query);
  const page = batches.data ?? EMPTY_PAGE;

  return (
    <DataTable
      label={HISTORY_TEXTS.tableLabel}
      columns={COLUMNS}
      rows={page.rows}
      total={page.total}
      loading={batches.isPending}
      listing={listing}
      rowKey={(row) => String(row.id)}
      cardTitle={(row) => row.name || `#${row.id}`}
      testId="payment-history-table"
    />
  );
}
