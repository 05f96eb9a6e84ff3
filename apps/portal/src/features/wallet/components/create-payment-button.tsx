import { Button } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { openModal } from '@/lib/modal-registry';
import { useCan } from '@/lib/permissions';
import { CREATE_PAYMENT_BUTTON_TEXTS } from '../texts';

/**
 * "Create a Payment" (spec section 6: needs batch-payments create): opens the create-payments
 * chooser by key, so the wallet never imports the batches feature that owns it.
 */
export function CreatePaymentButton() {
  const allowed = useCan('createPayments');
  if (!allowed) return null;
  return (
    <Button
      variant="light"
      leftSection={<IconUsersGroup size={18} aria-hidden />}
      aria-haspopup="dialog"
      onClick={() => openModal('create-payments', {}, { title: CREATE_PAYMENT_BUTTON_TEXTS.modalTitle })}
    >
      {CREATE_PAYMENT_BUTTON_TEXTS.button}
    </Button>
  );
}
