import type { ComponentType } from 'react';
import { TransactionStatusModal, type TransactionStatusOptions } from '@/components/transaction-status-modal';
import { LogoutModal } from '@/features/auth/components/logout-modal';
import type { BatchUploadData } from '@/features/batches/components/batch-upload-modal';
import type { ChooseSourceFundsData } from '@/features/batches/components/choose-source-funds-modal';
import type { RejectBatchData } from '@/features/batches/components/reject-batch-modal';
import type { SinglePaymentData } from '@/features/batches/components/single-payment-modal';
import type { NotificationDetailsData } from '@/features/notifications/components/notification-details-modal';
import type { OrderDetailsData } from '@/features/orders/components/order-details-modal';
import type { PaymentRequestModalData } from '@/features/orders/components/payment-request-modal';
import type { RefundModalData } from '@/features/orders/components/refund-modal';
import type { DeleteStaffData } from '@/features/staff/components/delete-staff-modal';
import type { RegisterUserData } from '@/features/staff/components/register-user-modal';
import type { ExportModalData } from '@/features/reports/components/export-modal';
import type { TransferDetailsData } from '@/features/wallet/components/transfer-details-modal';
import type { TransferModalData } from '@/features/wallet/components/transfer-modal';
import type { FiltersModalData } from '@/components/data-table/filters-modal';
import type { ModalKey } from '@/lib/modal-registry';

/** What a registered modal receives: the data it was opened with. */
export type ModalComponent<Data> = ComponentType<{ data: Data }>;

/** A modal whose code is a chunk of its own, loaded when it is first opened. */
export interface ModalChunk<Data> {
  /** Its component once the chunk is in. */
  loaded: ModalComponent<Data> | undefined;
  /** Loads the chunk (once; again only after a failure). */
  load(): Promise<ModalComponent<Data>>;
}

function modalChunk<Data>(load: () => Promise<ModalComponent<Data>>): ModalChunk<Data> {
  let loading: Promise<ModalComponent<Data>> | undefined;
  const chunk: ModalChunk<Data> = {
    loaded: undefined,
    load: () =>
      (loading ??= load().then(
        (component) => (chunk.loaded = component),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
  };
  return chunk;
}

/**
 * The component behind each modal key (spec section 2, "Modals (by key)"); later features add
 * theirs here. Forms load their code when first opened (the host opens them once it is in); the
 * small status and logout modals come with the modal host, since they follow an action that has
 * just happened.
 */
export const MODAL_COMPONENTS = {
  'logout-user': LogoutModal,
  'transaction-status': TransactionStatusModal,
  transfer: modalChunk(() =>
    import('@/features/wallet/components/transfer-modal').then((m) => m.TransferModal),
  ),
  'more-trans-details': modalChunk(() =>
    import('@/features/wallet/components/transfer-details-modal').then((m) => m.TransferDetailsModal),
  ),
  'more-order-details': modalChunk(() =>
    import('@/features/orders/components/order-details-modal').then((m) => m.OrderDetailsModal),
  ),
  refund: modalChunk(() => import('@/features/orders/components/refund-modal').then((m) => m.RefundModal)),
  'payment-request': modalChunk(() =>
    import('@/features/orders/components/payment-request-modal').then((m) => m.PaymentRequestModal),
  ),
  'create-payments': modalChunk(() =>
    import('@/features/batches/components/create-payments-modal').then((m) => m.CreatePaymentsModal),
  ),
  'batch-payments': modalChunk(() =>
    import('@/features/batches/components/batch-upload-modal').then((m) => m.BatchUploadModal),
  ),
  'single-payment': modalChunk(() =>
    import('@/features/batches/components/single-payment-modal').then((m) => m.SinglePaymentModal),
  ),
  'choose-source-funds': modalChunk(() =>
    import('@/features/batches/components/choose-source-funds-modal').then((m) => m.ChooseSourceFundsModal),
  ),
  'reject-batch-payments': modalChunk(() =>
    import('@/features/batches/components/reject-batch-modal').then((m) => m.RejectBatchModal),
  ),
  'register-user': modalChunk(() =>
    import('@/features/staff/components/register-user-modal').then((m) => m.RegisterUserModal),
  ),
  'delete-staff': modalChunk(() =>
    import('@/features/staff/components/delete-staff-modal').then((m) => m.DeleteStaffModal),
  ),
  'notification-details': modalChunk(() =>
    import('@/features/notifications/components/notification-details-modal').then(
      (m) => m.NotificationDetailsModal,
    ),
  ),
  'exporting-table': modalChunk(() =>
    import('@/features/reports/components/export-modal').then((m) => m.ExportModal),
  ),
  'view-last-exports': modalChunk(() =>
    import('@/features/reports/components/last-reports-modal').then((m) => m.LastReportsModal),
  ),
  filters: modalChunk(() => import('@/components/data-table/filters-modal').then((m) => m.FiltersModal)),
} satisfies Partial<Record<ModalKey, ModalComponent<never> | ModalChunk<never>>>;

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
    'create-payments': Record<string, never>;
    'batch-payments': BatchUploadData;
    'single-payment': SinglePaymentData;
    'choose-source-funds': ChooseSourceFundsData;
    'reject-batch-payments': RejectBatchData;
    'register-user': RegisterUserData;
    'delete-staff': DeleteStaffData;
    'notification-details': NotificationDetailsData;
    'exporting-table': ExportModalData;
    'view-last-exports': Record<string, never>;
    filters: FiltersModalData;
  }
}
