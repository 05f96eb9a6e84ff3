import { formatCents } from '@lynk/contract/money';
import type { Order } from '@lynk/contract/orders';
import { channelLabel } from '@lynk/contract/statuses';
import { Group } from '@mantine/core';
import { DetailRows, type DetailRow } from '@/components/detail-rows';
import { GenericModal } from '@/components/generic-modal';
import { StatusBadge } from '@/components/status-badge';
import { formatTimestamp } from '@/lib/format';
import { hideModal } from '@/lib/modal-registry';
import { useCan } from '@/lib/permissions';
import { useOnBecomingDesktop } from '@/lib/use-on-becoming-desktop';
import { ORDER_TEXTS } from '../texts';
import { IssueRefundButton } from './issue-refund-button';

export interface OrderDetailsData {
  order: Order;
}

/** The rows of an order's details. */
function orderDetailRows(order: Order): DetailRow[] {
  const rows: DetailRow[] = [
    { label: ORDER_TEXTS.orderId, value: order.m_order_id },
    {
      label: ORDER_TEXTS.transferId,
      value: order.transfer_id ?? ORDER_TEXTS.notYet,
      tooltip: ORDER_TEXTS.transferIdTooltip,
    },
    {
      label: ORDER_TEXTS.lynkId,
      value: order.lynk_id ?? ORDER_TEXTS.notYet,
      tooltip: ORDER_TEXTS.lynkIdTooltip,
    },
    { label: ORDER_TEXTS.date, value: formatTimestamp(order.datetime) },
    { label: ORDER_TEXTS.channel, value: channelLabel(order.channel) },
    { label: ORDER_TEXTS.status, value: <StatusBadge status={order.status} /> },
    { label: ORDER_TEXTS.amount, value: formatCents(order.amount_to_pay) },
    { label: ORDER_TEXTS.commission, value: formatCents(order.fee), tooltip: ORDER_TEXTS.commissionTooltip },
    { label: ORDER_TEXTS.gct, value: formatCents(order.tax), tooltip: ORDER_TEXTS.gctTooltip },
  ];
  if (order.amount_refunded > 0) {
    rows.push({
      label: ORDER_TEXTS.refunded,
      value: formatCents(order.amount_refunded),
      tooltip: ORDER_TEXTS.refundedTooltip,
    });
  }
  if (order.cashier_name) rows.push({ label: ORDER_TEXTS.cashier, value: order.cashier_name });
  if (order.description) rows.push({ label: ORDER_TEXTS.note, value: order.description });
  return rows;
}

/**
 * An order's details (modal key `more-order-details`), with "Issue Refund" for who may issue
 * refunds. Like the transfer details, it closes whenever the screen becomes desktop width (spec
 * section 2): the table shows the row there.
 */
export function OrderDetailsModal({ data }: { data: OrderDetailsData }) {
  const can = useCan();
  useOnBecomingDesktop(hideModal);

  return (
    <GenericModal>
      <DetailRows rows={orderDetailRows(data.order)} />
      {can('issueRefund') ? (
        <Group justify="flex-end">
          <IssueRefundButton order={data.order} />
        </Group>
      ) : null}
    </GenericModal>
  );
}
