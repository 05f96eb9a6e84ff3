import type { ComponentType } from 'react';
import { lazyPage } from './lazy-page';
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
import type { ExportAllModalData } from '@/features/reports/components/export-all-modal';
import type { TransferDetailsData } from '@/features/wallet/components/transfer-details-modal';
import type { TransferModalData } from '@/features/wallet/components/transfer-modal';
import type { FiltersModalData } from '@/components/data-table/filters-modal';
import type { CloseShiftData } from '@/features/cash-up/components/close-shift-modal';
import type { ReopenShiftData } from '@/features/cash-up/components/reopen-shift-modal';
import type { CustomPeriodData } from '@/features/analytics/components/custom-period-modal';
import type { ModalKey } from '@/lib/modal-registry';

/** What a registered modal receives: the data it was opened with. */
export type ModalComponent<Data> = ComponentType<{ data: Data }>;

/**
 * The component behind each modal key (spec section 2, "Modals (by key)"); later features add
 * theirs here. Forms load their code when first opened (the dialog shows a loader meanwhile); the
 * small status and logout modals come with the modal host, since they follow an action that has
 * just happened.
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
  'create-payments': lazyPage(() =>
    import('@/features/batches/components/create-payments-modal').then((m) => m.CreatePaymentsModal),
  ),
  'batch-payments': lazyPage(() =>
    import('@/features/batches/components/batch-upload-modal').then((m) => m.BatchUploadModal),
  ),
  'single-payment': lazyPage(() =>
    import('@/features/batches/components/single-payment-modal').then((m) => m.SinglePaymentModal),
  ),
  'choose-source-funds': lazyPage(() =>
    import('@/features/batches/components/choose-source-funds-modal').then((m) => m.ChooseSourceFundsModal),
  ),
  'reject-batch-payments': lazyPage(() =>
    import('@/features/batches/components/reject-batch-modal').then((m) => m.RejectBatchModal),
  ),
  'register-user': lazyPage(() =>
    import('@/features/staff/components/register-user-modal').then((m) => m.RegisterUserModal),
  ),
  'delete-staff': lazyPage(() =>
    import('@/features/staff/components/delete-staff-modal').then((m) => m.DeleteStaffModal),
  ),
  'notification-details': lazyPage(() =>
    import('@/features/notifications/components/notification-details-modal').then(
      (m) => m.NotificationDetailsModal,
    ),
  ),
  'exporting-table': lazyPage(() =>
    import('@/features/reports/components/export-modal').then((m) => m.ExportModal),
  ),
  'view-last-exports': lazyPage(() =>
    import('@/features/reports/components/last-reports-modal').then((m) => m.LastReportsModal),
  ),
  'export-all': lazyPage(() =>
    import('@/features/reports/components/export-all-modal').then((m) => m.ExportAllModal),
  ),
  filters: lazyPage(() => import('@/components/data-table/filters-modal').then((m) => m.FiltersModal)),
  'close-shift': lazyPage(() =>
    import('@/features/cash-up/components/close-shift-modal').then((m) => m.CloseShiftModal),
  ),
  'reopen-shift': lazyPage(() =>
    import('@/features/cash-up/components/reopen-shift-modal').then((m) => m.ReopenShiftModal),
  ),
  'analytics-period': lazyPage(() =>
    import('@/features/analytics/components/custom-period-modal').then((m) => m.CustomPeriodModal),
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
    'export-all': ExportAllModalData;
    filters: FiltersModalData;
    'close-shift': CloseShiftData;
    'reopen-shift': ReopenShiftData;
    'analytics-period': CustomPeriodData;
  }
}
