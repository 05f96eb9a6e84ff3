import { formatCents } from '@lynk/contract/money';
import type { Transfer } from '@lynk/contract/transfers';
import { DetailRows, type DetailRow } from '@/components/detail-rows';
import { GenericModal } from '@/components/generic-modal';
import { StatusBadge } from '@/components/status-badge';
import { formatTimestamp } from '@/lib/format';
import { hideModal } from '@/lib/modal-registry';
import { useOnBecomingDesktop } from '@/lib/use-on-becoming-desktop';
import { TRANSFER_DETAILS_TEXTS } from '../texts';

export interface TransferDetailsData {
  transfer: Transfer;
}

function transferDetailRows(transfer: Transfer): DetailRow[] {
  const rows: DetailRow[] = [
    { label: TRANSFER_DETAILS_TEXTS.transferId, value: transfer.transfer_id },
    { label: TRANSFER_DETAILS_TEXTS.from, value: transfer.from },
    { label: TRANSFER_DETAILS_TEXTS.to, value: transfer.to },
    { label: TRANSFER_DETAILS_TEXTS.date, value: formatTimestamp(transfer.datetime) },
    { label: TRANSFER_DETAILS_TEXTS.type, value: transfer.type },
    { label: TRANSFER_DETAILS_TEXTS.status, value: <StatusBadge status={transfer.status} /> },
    { label: TRANSFER_DETAILS_TEXTS.commission, value: formatCents(transfer.commission) },
    { label: TRANSFER_DETAILS_TEXTS.gct, value: formatCents(transfer.gct) },
    { label: TRANSFER_DETAILS_TEXTS.total, value: formatCents(transfer.total) },
  ];
  if (transfer.status === 'FAILED') {
    // Spec section 4: a failed transfer's money went back to the sender; say so in its words.
    rows.push({
      label: TRANSFER_DETAILS_TEXTS.reason,
      value: transfer.failure_reason ?? TRANSFER_DETAILS_TEXTS.failedDescription,
    });
  }
  return rows;
}

/**
 * A transfer's details (modal key `more-trans-details`). It closes whenever the screen becomes
 * desktop width (spec section 2), whatever width it was opened at: the table shows the row there.
 */
export function TransferDetailsModal({ data }: { data: TransferDetailsData }) {
  useOnBecomingDesktop(hideModal);

  return (
    <GenericModal>
      <DetailRows rows={transferDetailRows(data.transfer)} />
    </GenericModal>
  );
}
