import type { Transfer } from '@lynk/contract/transfers';
import { modals } from '@mantine/modals';
import { MODAL_KEYS } from '@/lib/modal-keys';
import { TRANSFER_DETAILS_TEXTS } from '@/lib/texts';

/** Opens a transfer's details by key; the modal's code loads only then (see app/modals.ts). */
export function openTransferDetails(transfer: Transfer): string {
  return modals.openContextModal({
    modal: MODAL_KEYS.transferDetails,
    title: TRANSFER_DETAILS_TEXTS.title,
    centered: true,
    innerProps: { transfer },
  });
}
