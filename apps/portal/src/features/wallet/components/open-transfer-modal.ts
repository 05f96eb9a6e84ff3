import { openModal } from '@/lib/modal-registry';
import { TRANSFER_TEXTS } from '../texts';
import type { TransferModalData } from './transfer-modal';

/** Opens the transfer modal by key; the modal's code loads only then (see app/modals.ts). */
export function openTransferModal(data: TransferModalData): void {
  openModal('transfer', data, { title: TRANSFER_TEXTS.title });
}
