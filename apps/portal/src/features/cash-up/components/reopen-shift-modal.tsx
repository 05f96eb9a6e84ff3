import { SHIFT_REOPEN_REASON_MAX_LENGTH } from '@lynk/contract/shifts';
import { Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { GenericModal } from '@/components/generic-modal';
import { apiMessage } from '@/lib/api-message';
import { hideModal, setModalLocked } from '@/lib/modal-registry';
import { useOrganization } from '@/lib/organization';
import { useReopenShift } from '../api/reopen-shift';
import { CASH_UP_TEXTS as T } from '../texts';

export interface ReopenShiftData {
  shiftId: string;
}

/** A manager reopens a disputed shift: the reason is required and kept on the shift. */
export function ReopenShiftModal({ data }: { data: ReopenShiftData }) {
  const { orgId } = useOrganization();
  const mutation = useReopenShift(orgId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const sending = mutation.isPending;
  useEffect(() => setModalLocked(sending), [sending]);

  const confirm = () => {
    if (reason.trim() === '') {
      setError(T.reasonRequired);
      return;
    }
    mutation.mutate(
      { id: data.shiftId, reason: reason.trim() },
      {
        onSuccess: () => notifications.show({ message: T.reopened, color: 'teal' }),
        onError: (failure) =>
          notifications.show({ message: apiMessage(failure, T.reopenFailed), color: 'red' }),
        onSettled: hideModal,
      },
    );
  };

  return (
    <GenericModal
      subtitle={T.reopenExplain}
      mainAction={{ label: T.reopen, loading: sending, onClick: confirm }}
      cancelAction={{ label: T.cancel, disabled: sending, onClick: hideModal }}
    >
      <Textarea
        label={T.reason}
        required
        rows={3}
        maxLength={SHIFT_REOPEN_REASON_MAX_LENGTH}
        value={reason}
        error={error}
        onChange={(event) => {
          setReason(event.currentTarget.value);
          setError(null);
        }}
        data-autofocus
      />
      <Text size="xs" c="dimmed" mt={4}>
        {reason.length}/{SHIFT_REOPEN_REASON_MAX_LENGTH}
      </Text>
    </GenericModal>
  );
}
