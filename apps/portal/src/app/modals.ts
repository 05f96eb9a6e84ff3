import { LOGOUT_MODAL_KEY, LogoutModal } from '@/features/auth/components/logout-modal';
import { TransactionStatusModal } from '@/components/transaction-status-modal';
import { MODAL_KEYS } from '@/lib/modal-keys';
import type { TransferDetailsProps } from '@/features/wallet/components/transfer-details-modal';
import type { TransferModalProps } from '@/features/wallet/components/transfer-modal';
import { lazyModal } from './lazy-modal';

/**
 * Modals opened by key (spec section 2, "Modals (by key)"); later issues add theirs here. Forms
 * load their code when first opened; the small status modal is ready at once, since it follows a
 * transfer that has just happened.
 */
export const contextModals = {
  [LOGOUT_MODAL_KEY]: LogoutModal,
  [MODAL_KEYS.transactionStatus]: TransactionStatusModal,
  // Explicit props: the modules refer back to this registry's type (they open modals by key).
  [MODAL_KEYS.transfer]: lazyModal<TransferModalProps>(() =>
    import('@/features/wallet/components/transfer-modal').then((m) => m.TransferModal),
  ),
  [MODAL_KEYS.transferDetails]: lazyModal<TransferDetailsProps>(() =>
    import('@/features/wallet/components/transfer-details-modal').then((m) => m.TransferDetailsModal),
  ),
};

declare module '@mantine/modals' {
  export interface MantineModalsOverride {
    modals: typeof contextModals;
  }
}
