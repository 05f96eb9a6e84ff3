import { modals } from '@mantine/modals';
import { MODAL_KEYS } from '@/lib/modal-keys';
import { TRANSFER_TEXTS } from '@/lib/texts';
import type { TransferModalProps } from './transfer-modal';

/** Opens the transfer modal by key; the modal's code loads only then (see app/modals.ts). */
export function openTransferModal(props: TransferModalProps): string {
  return modals.openContextModal({
    modal: MODAL_KEYS.transfer,
    title: TRANSFER_TEXTS.title,
    centered: true,
    size: 'md',
    innerProps: props,
  });
}
