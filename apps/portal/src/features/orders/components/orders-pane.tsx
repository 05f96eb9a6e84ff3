import { formatCents } from '@lynk/contract/money';
import { partRefundedText, type Order } from '@lynk/contract/orders';
import { Group, Text } from '@mantine/core';
import { dataTableColumns } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { firstListingQuery, type ListingPrefetch } from '@/components/data-table/listing-prefetch';
import { useListingParams } from '@/components/data-table/use-listing-params';
import { StatusBadge } from '@/components/status-badge';
import { formatTimestamp } from '@/lib/format';
import { useOrganization } from '@/lib/organization';
import { useOrders, ordersPageQueryOptions } from '../api/get-orders';
import { ORDER_TEXTS } from '../texts';
import { openOrderDetails } from './open-order-details';
import { EMPTY_PAGE } from '@/lib/listing';

const column = dataTableColumns<Order>();

/**
 * The status, and beside a partly refunded order's "Paid" what went back (ADR 021): a merchant
 * reconciling the day sees it in the table, not only in the details.
 */
function OrderStatus({ order }: { order: Order }) {
  const refunded = partRefundedText(order);
  if (!refunded) return <StatusBadge status={order.status} />;
  return (
    <Group gap={6} wrap="nowrap">
      <StatusBadge status={order.status} />
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {refunded}
      </Text>
    </Group>
  );
}

/**
 * Spec section 3, "Table columns: Transactions"; the date is the sortable column. The commission and
 * its GCT are what the merchant pays the provider: like the balance, they need `read:balance`
 * (a cashier sees the orders, not the merchant's costs).
 */
const COLUMNS = column.columns([
  column.accessor('m_order_id', { header: ORDER_TEXTS.orderId, meta: { hideOnCard: true } }),
  column.accessor('transfer_id', {
    header: ORDER_TEXTS.transferId,
    cell: ({ getValue }) => getValue() ?? ORDER_TEXTS.notYet,
  }),
  column.accessor('lynk_id', {
    header: ORDER_TEXTS.lynkId,
    cell: ({ getValue }) => getValue() ?? ORDER_TEXTS.notYet,
  }),
  column.accessor('datetime', {
    header: ORDER_TEXTS.date,
    cell: ({ getValue }) => formatTimestamp(getValue()),
    enableSorting: true,
  }),
  column.accessor('amount_to_pay', {
    header: ORDER_TEXTS.amount,
    cell: ({ getValue }) => formatCents(getValue()),
    meta: { align: 'right' },
  }),
  column.accessor('fee', {
    header: ORDER_TEXTS.commission,
    cell: ({ getValue }) => formatCents(getValue()),
    meta: { align: 'right' },
  }),
  column.accessor('tax', {
    header: ORDER_TEXTS.gct,
    cell: ({ getValue }) => formatCents(getValue()),
    meta: { align: 'right' },
  }),
  column.accessor('status', {
    header: ORDER_TEXTS.status,
    cell: ({ row }) => <OrderStatus order={row.original} />,
  }),
]);

/** The first page of rows, asked for by the router as soon as this pane's URL matches. */
export function prefetchFirstPage(context: ListingPrefetch) {
  return context.client.prefetchQuery(ordersPageQueryOptions(context.orgId, firstListingQuery(context)));
}

/** The Orders tab of the main wallet: the server pages, sorts and filters; a row opens its details. */
export function OrdersPane() {
  const { orgId } = useOrganization();
  const listing = useListingParams();
  const orders = useOrders(orgId, listing.query);
  const page = orders.data ?? EMPTY_PAGE;

  return (
    <DataTable
      label={ORDER_TEXTS.tableLabel}
      columns={COLUMNS}
      rows={page.rows}
      total={page.total}
      loading={orders.isPending}
      listing={listing}
      rowKey={(row) => row.m_order_id}
      cardTitle={(row) => row.m_order_id}
      onOpenRow={openOrderDetails}
      testId="orders-table"
    />
  );
}
