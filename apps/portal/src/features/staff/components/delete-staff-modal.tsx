import type { StaffMember } from '@lynk/contract/staff';
import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { GenericModal } from '@/components/generic-modal';
import { hideModal, setModalLocked } from '@/lib/modal-registry';
import { useOrganization } from '@/lib/organization';
import { useDeleteStaff } from '../api/delete-staff';
import { DELETE_TEXTS } from '../texts';

export interface DeleteStaffData {
  member: Pick<StaffMember, 'id' | 'display_name' | 'email'>;
}

/**
 * The delete-staff confirmation (spec sections 2 and 8): "Please confirm", "Are you sure you want
 * to delete this user? This action is irreversible." The outcome is a toast either way.
 */
export function DeleteStaffModal({ data }: { data: DeleteStaffData }) {
  const { orgId } = useOrganization();
  const mutation = useDeleteStaff(orgId);
  const sending = mutation.isPending;
  useEffect(() => setModalLocked(sending), [sending]);

  const confirm = () =>
    mutation.mutate(data.member.id, {
      onSuccess: () => notifications.show({ message: DELETE_TEXTS.deleted, color: 'teal' }),
      onError: () => notifications.show({ message: DELETE_TEXTS.deleteFailed, color: 'red' }),
      onSettled: hideModal,
    });

  return (
    <GenericModal
      subtitle={DELETE_TEXTS.confirm}
      mainAction={{ label: DELETE_TEXTS.delete, loading: sending, onClick: confirm }}
      cancelAction={{ label: DELETE_TEXTS.cancel, disabled: sending, onClick: hideModal }}
    >
      <Text size="sm" fw={600}>
        {data.member.display_name || data.member.email}
      </Text>
      {data.member.display_name ? (
        <Text size="sm" c="dimmed">
          {data.member.email}
        </Text>
      ) : null}
    </GenericModal>
  );
}
