import type { Order } from '@lynk/contract/orders';
import { openModal } from '@/lib/modal-registry';
import { REFUND_TEXTS } from '../texts';

/**
 * Opens the refund modal (key `refund`), titled "Transaction ID #{order id}". The details it was
 * opened from are kept, so Cancel goes back to them.
 */
export function openRefundModal(order: Order): void {
  openModal('refund', { order }, { title: REFUND_TEXTS.title(order.m_order_id), storePrevious: true });
}
