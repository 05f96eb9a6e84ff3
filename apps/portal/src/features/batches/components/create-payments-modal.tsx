import { Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { GenericModal } from '@/components/generic-modal';
import { hideModal, openModal } from '@/lib/modal-registry';
import { CREATE_PAYMENT_TEXTS, SINGLE_PAYMENT_TEXTS, UPLOAD_TEXTS } from '../texts';

type PaymentKind = 'batch' | 'single';

/**
 * The Create a Payment chooser (key `create-payments`, spec section 2): batch or single payment,
 * one at a time (a radio group: choosing one deselects the other). Next stays disabled until one
 * is chosen and opens that payment's modal.
 */
export function CreatePaymentsModal() {
  const [kind, setKind] = useState<PaymentKind | ''>('');
  const next = () => {
    if (kind === 'batch') openModal('batch-payments', {}, { title: UPLOAD_TEXTS.title });
    if (kind === 'single') openModal('single-payment', {}, { title: SINGLE_PAYMENT_TEXTS.chooseRecipient });
  };
  return (
    <GenericModal
      subtitle={CREATE_PAYMENT_TEXTS.subtitle}
      mainAction={{ label: CREATE_PAYMENT_TEXTS.next, disabled: kind === '', onClick: next }}
      cancelAction={{ label: CREATE_PAYMENT_TEXTS.cancel, onClick: hideModal }}
    >
      <Radio.Group
        value={kind}
        onChange={(value) => setKind(value as PaymentKind)}
        label={CREATE_PAYMENT_TEXTS.choiceLabel}
      >
        <Stack gap="sm" mt="xs">
          {(
            [
              ['batch', CREATE_PAYMENT_TEXTS.batch, CREATE_PAYMENT_TEXTS.batchDescription],
              ['single', CREATE_PAYMENT_TEXTS.single, CREATE_PAYMENT_TEXTS.singleDescription],
            ] as const
          ).map(([value, label, description]) => (
            <Radio.Card key={value} value={value} radius="md" p="md" aria-label={label}>
              <Stack gap={2}>
                <Radio.Indicator aria-hidden />
                <Text fw={600}>{label}</Text>
                <Text size="sm" c="dimmed">
                  {description}
                </Text>
              </Stack>
            </Radio.Card>
          ))}
        </Stack>
      </Radio.Group>
    </GenericModal>
  );
}
