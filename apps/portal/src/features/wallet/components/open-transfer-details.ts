import type { Transfer } from '@lynk/contract/transfers';
import { openModal } from '@/lib/modal-registry';
import { TRANSFER_DETAILS_TEXTS } from '../texts';

/** Opens a transfer's details by key; the modal's code loads only then (see app/modals.ts). */
export function openTransferDetails(transfer: Transfer): void {
  openModal('more-trans-details', { transfer }, { title: TRANSFER_DETAILS_TEXTS.title });
}
