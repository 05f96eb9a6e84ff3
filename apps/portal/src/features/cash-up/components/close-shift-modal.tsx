import type { Shift } from '@lynk/contract/shifts';
import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { GenericModal } from '@/components/generic-modal';
import { apiMessage } from '@/lib/api-message';
import { hideModal, setModalLocked } from '@/lib/modal-registry';
import { useOrganization } from '@/lib/organization';
import { useCloseShift } from '../api/close-shift';
import { CASH_UP_TEXTS as T } from '../texts';

export interface CloseShiftData {
  shift: Pick<Shift, 'cashier_id' | 'cashier_name' | 'started_at'>;
  /** Where to go with the closed shift (its detail page). */
  onClosed?: (id: string) => void;
}

/** "Close this shift?": the confirmation before a shift's totals are recorded for good. */
export function CloseShiftModal({ data }: { data: CloseShiftData }) {
  const { orgId } = useOrganization();
  const mutation = useCloseShift(orgId);
  const sending = mutation.isPending;
  useEffect(() => setModalLocked(sending), [sending]);

  const confirm = () =>
    mutation.mutate(
      { cashier_id: data.shift.cashier_id, started_at: data.shift.started_at },
      {
        onSuccess: (closed) => {
          notifications.show({ message: T.closed, color: 'teal' });
          if (closed.id) data.onClosed?.(closed.id);
        },
        onError: (error) => notifications.show({ message: apiMessage(error, T.closeFailed), color: 'red' }),
        onSettled: hideModal,
      },
    );

  return (
    <GenericModal
      subtitle={T.closeConfirm}
      mainAction={{ label: T.closeConfirmAction, loading: sending, onClick: confirm }}
      cancelAction={{ label: T.cancel, disabled: sending, onClick: hideModal }}
    >
      <Text size="sm" fw={600}>
        {data.shift.cashier_name}
      </Text>
    </GenericModal>
  );
}
