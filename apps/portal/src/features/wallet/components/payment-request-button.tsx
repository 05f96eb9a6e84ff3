import { Button } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { openModal } from '@/lib/modal-registry';
import { useCan } from '@/lib/permissions';
import { PAYMENT_REQUEST_BUTTON_TEXTS } from '../texts';

/**
 * "Payment Request" (spec section 6: needs orders create): opens the payment request modal by key,
 * so the wallet never imports the orders feature that owns it.
 */
export function PaymentRequestButton() {
  const allowed = useCan('paymentRequest');
  if (!allowed) return null;
  return (
    <Button
      variant="light"
      leftSection={<IconLink size={18} aria-hidden />}
      aria-haspopup="dialog"
      onClick={() => openModal('payment-request', {}, { title: PAYMENT_REQUEST_BUTTON_TEXTS.modalTitle })}
    >
      {PAYMENT_REQUEST_BUTTON_TEXTS.button}
    </Button>
  );
}
