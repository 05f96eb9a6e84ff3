import type { Order } from '@lynk/contract/orders';
import { openModal } from '@/lib/modal-registry';
import { ORDER_TEXTS } from '../texts';

/** Opens an order's details by key; the modal's code loads only then (see app/modals.ts). */
export function openOrderDetails(order: Order): void {
  openModal('more-order-details', { order }, { title: ORDER_TEXTS.detailsTitle });
}
