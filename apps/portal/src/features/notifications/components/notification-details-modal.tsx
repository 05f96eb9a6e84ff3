import type { Notification } from '@lynk/contract/notifications';
import { Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { GenericModal } from '@/components/generic-modal';
import { formatTimestamp } from '@/lib/format';
import { hideModal } from '@/lib/modal-registry';
import { organizationPaths, useOrganization } from '@/lib/organization';
import { batchIdOf, TO_APPROVE_CODE } from '../open-notification';
import { NOTIFICATION_TEXTS } from '../texts';

export interface NotificationDetailsData {
  notification: Notification;
}

/**
 * One notification, opened from the bell or the notifications page (spec section 2): its title,
 * when it came and its whole text. A batch waiting for approval offers "Review Payment" (its
 * review page, the id taken from the redirect) and "Return to Dashboard".
 */
export function NotificationDetailsModal({ data }: { data: NotificationDetailsData }) {
  const { notification } = data;
  const { segment } = useOrganization();
  const paths = organizationPaths(segment);
  const navigate = useNavigate();
  const go = (to: string) => {
    hideModal();
    void navigate(to);
  };
  const batchId = notification.code === TO_APPROVE_CODE ? batchIdOf(notification) : null;

  return (
    <GenericModal
      title={notification.title}
      subtitle={formatTimestamp(notification.created)}
      mainAction={
        batchId === null
          ? undefined
          : {
              label: NOTIFICATION_TEXTS.reviewPayment,
              onClick: () => go(`${paths.mainWallet}/payment-history/review/${batchId}`),
            }
      }
      cancelAction={
        batchId === null
          ? undefined
          : { label: NOTIFICATION_TEXTS.returnToDashboard, onClick: () => go(paths.mainWallet) }
      }
    >
      <Text data-testid="notification-details-body">{notification.body}</Text>
    </GenericModal>
  );
}
