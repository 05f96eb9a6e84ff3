import { formatCents } from '@lynk/contract/money';
import type { PaymentRequest } from '@lynk/contract/orders';
import { Center, Stack, Textarea } from '@mantine/core';
import { GenericModal } from '@/components/generic-modal';
import { formatTimestamp } from '@/lib/format';
import { hideModal } from '@/lib/modal-registry';
import { useOrganization } from '@/lib/organization';
import { PAYMENT_REQUEST_TEXTS } from '../texts';
import { PaymentLinkQr } from './payment-link-qr';
import { useDelayedCopy } from './use-delayed-copy';

const COPY_LABELS = {
  idle: PAYMENT_REQUEST_TEXTS.copy,
  copying: PAYMENT_REQUEST_TEXTS.copying,
  copied: PAYMENT_REQUEST_TEXTS.copiedButton,
} as const;

/**
 * Step two, "Link Ready To Share": the message to send (merchant, amount, note and link), the link
 * as a QR code the customer can scan, and Copy (spec section 4 for its timing).
 */
export function PaymentRequestLinkStep({ request, note }: { request: PaymentRequest; note: string }) {
  const { profile } = useOrganization();
  const message = PAYMENT_REQUEST_TEXTS.shareMessage(
    profile?.name ?? '',
    formatCents(request.amount_to_pay),
    note,
    request.short_url,
    formatTimestamp(request.expires_at),
  );
  const { phase, copy } = useDelayedCopy(message);

  return (
    <GenericModal
      title={PAYMENT_REQUEST_TEXTS.linkTitle}
      subtitle={PAYMENT_REQUEST_TEXTS.linkSubtitle}
      mainAction={{
        label: COPY_LABELS[phase],
        disabled: phase !== 'idle',
        onClick: copy,
      }}
      cancelAction={{ label: PAYMENT_REQUEST_TEXTS.close, onClick: hideModal }}
    >
      <Stack gap="md">
        <Center>
          <PaymentLinkQr url={request.short_url} />
        </Center>
        <Textarea label={PAYMENT_REQUEST_TEXTS.message} value={message} readOnly rows={4} />
      </Stack>
    </GenericModal>
  );
}
