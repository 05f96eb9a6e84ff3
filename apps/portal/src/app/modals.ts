import type { ComponentType } from 'react';
import { TransactionStatusModal, type TransactionStatusOptions } from '@/components/transaction-status-modal';
import { LogoutModal } from '@/features/auth/components/logout-modal';
import type { OrderDetailsData } from '@/features/orders/components/order-details-modal';
import type { PaymentRequestModalData } from '@/features/orders/components/payment-request-modal';
import type { RefundModalData } from '@/features/orders/components/refund-modal';
import type { TransferDetailsData } from '@/features/wallet/components/transfer-details-modal';
import type { TransferModalData } from '@/features/wallet/components/transfer-modal';
import type { ModalKey } from '@/lib/modal-registry';
import { lazyPage } from './lazy-page';

/** What a registered modal receives: the data it was opened with. */
export type ModalComponent<Data> = ComponentType<{ data: Data }>;

/**
 * The component behind each modal key (spec section 2, "Modals (by key)"); later features add
 * theirs here. Forms load their code when first opened; the small status and logout modals come
 * with the modal host, since they follow an action that has just happened.
 */
export const MODAL_COMPONENTS = {
  'logout-user': LogoutModal,
  'transaction-status': TransactionStatusModal,
  transfer: lazyPage(() =>
    import('@/features/wallet/components/transfer-modal').then((m) => m.TransferModal),
  ),
  'more-trans-details': lazyPage(() =>
    import('@/features/wallet/components/transfer-details-modal').then((m) => m.TransferDetailsModal),
  ),
  'more-order-details': lazyPage(() =>
    import('@/features/orders/components/order-details-modal').then((m) => m.OrderDetailsModal),
  ),
  refund: lazyPage(() => import('@/features/orders/components/refund-modal').then((m) => m.RefundModal)),
  'payment-request': lazyPage(() =>
    import('@/features/orders/components/payment-request-modal').then((m) => m.PaymentRequestModal),
  ),
} satisfies Partial<Record<ModalKey, ModalComponent<never>>>;

declare module '@/lib/modal-registry' {
  // Explicit data types: the modules refer back to this registry's type (they open modals by key).
  interface ModalDataByKey {
    'logout-user': Record<string, never>;
    'transaction-status': TransactionStatusOptions;
    transfer: TransferModalData;
    'more-trans-details': TransferDetailsData;
    'more-order-details': OrderDetailsData;
    refund: RefundModalData;
    'payment-request': PaymentRequestModalData;
  }
}
