import type { StaffMember } from '@lynk/contract/staff';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconQrcode, IconTrash } from '@tabler/icons-react';
import { openModal } from '@/lib/modal-registry';
import { useDownloadStaffQr } from '../api/download-staff-qr';
import { staffRowActions, type StaffViewer } from '../staff-rules';
import { REGISTER_TEXTS, DELETE_TEXTS, STAFF_TEXTS } from '../texts';

const nameOf = (member: StaffMember) => member.display_name || member.email;

/** A staff row's Edit, Delete and (for a cashier) QR download actions, as the viewer may use them. */
export function StaffRowActions({
  member,
  viewer,
  corporate,
  merchant,
}: {
  member: StaffMember;
  viewer: StaffViewer;
  corporate: boolean;
  merchant: string;
}) {
  const allowed = staffRowActions(member, viewer);
  const qr = useDownloadStaffQr();
  if (!allowed.edit && !allowed.remove && !allowed.qr) return null;
  const name = nameOf(member);
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {allowed.qr ? (
        <Tooltip label={STAFF_TEXTS.qr}>
          <ActionIcon
            variant="subtle"
            aria-label={STAFF_TEXTS.qrOf(name)}
            loading={qr.isPending}
            onClick={() =>
              qr.mutate(
                { merchant, displayName: member.display_name, authId: member.auth_id },
                {
                  onSuccess: () => notifications.show({ message: STAFF_TEXTS.qrDownloaded, color: 'teal' }),
                  onError: () => notifications.show({ message: STAFF_TEXTS.qrFailed, color: 'red' }),
                },
              )
            }
          >
            <IconQrcode size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {allowed.edit ? (
        <Tooltip label={STAFF_TEXTS.edit}>
          <ActionIcon
            variant="subtle"
            aria-label={STAFF_TEXTS.editOf(name)}
            onClick={() =>
              openModal('register-user', { member, corporate }, { title: REGISTER_TEXTS.editTitle })
            }
          >
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {allowed.remove ? (
        <Tooltip label={STAFF_TEXTS.delete}>
          <ActionIcon
            variant="subtle"
            color="red.9"
            aria-label={STAFF_TEXTS.deleteOf(name)}
            onClick={() => openModal('delete-staff', { member }, { title: DELETE_TEXTS.title })}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}
