import { NOTE_MAX_LENGTH } from '@lynk/contract/constants';
import type { CreatePaymentRequest, PaymentRequest } from '@lynk/contract/orders';
import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Textarea } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ANNOUNCED_ERROR, CurrencyField } from '@/components/currency-input';
import { GenericModal } from '@/components/generic-modal';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { hideModal, setModalLocked } from '@/lib/modal-registry';
import { useOrganization } from '@/lib/organization';
import { useCreatePaymentRequest } from '../api/create-payment-request';
import {
  paymentRequestFormSchema,
  type PaymentRequestFormInput,
  type PaymentRequestFormOutput,
} from '../payment-request-form';
import { PAYMENT_REQUEST_TEXTS } from '../texts';

/**
 * Step one, "New Payment Request": amount (at least J$1) and an optional note with its counter;
 * Continue stays disabled while the form is invalid. A failed creation is only logged and nothing
 * changes (spec section 8); sending the same request again reuses its Idempotency-Key, so a lost
 * answer never makes two links.
 */
export function PaymentRequestFormStep({
  onCreated,
}: {
  onCreated: (request: PaymentRequest, note: string) => void;
}) {
  const { orgId } = useOrganization();
  const mutation = useCreatePaymentRequest(orgId);
  const sending = mutation.isPending;
  const attempt = useRef<{ key: string; signature: string } | null>(null);
  const form = useForm<PaymentRequestFormInput, unknown, PaymentRequestFormOutput>({
    mode: 'onChange',
    defaultValues: { amount: '', note: '' },
    resolver: zodResolver(paymentRequestFormSchema),
  });
  const note = useWatch({ control: form.control, name: 'note' });
  const { errors, isValid } = form.formState;

  useEffect(() => setModalLocked(sending), [sending]);

  const send = (values: PaymentRequestFormOutput) => {
    const body: CreatePaymentRequest = {
      amount_to_pay: values.amount,
      description: values.note,
      currency: 'JMD',
    };
    const signature = JSON.stringify(body);
    const key = attempt.current?.signature === signature ? attempt.current.key : newIdempotencyKey();
    attempt.current = { key, signature };
    mutation.mutate(
      { body, idempotencyKey: key },
      {
        onSuccess: (request) => onCreated(request, values.note),
        onError: (error) => console.error('The payment request could not be created', error),
      },
    );
  };

  return (
    <GenericModal
      title={PAYMENT_REQUEST_TEXTS.title}
      subtitle={PAYMENT_REQUEST_TEXTS.subtitle}
      onSubmit={(event) => {
        if (sending || !isValid) {
          event.preventDefault();
          return;
        }
        void form.handleSubmit(send)(event);
      }}
      mainAction={{ label: PAYMENT_REQUEST_TEXTS.continue, loading: sending, disabled: !isValid }}
      cancelAction={{ label: PAYMENT_REQUEST_TEXTS.cancel, disabled: sending, onClick: hideModal }}
    >
      <Stack gap="md">
        <CurrencyField
          control={form.control}
          name="amount"
          label={PAYMENT_REQUEST_TEXTS.amount}
          required
          data-autofocus
        />
        <Controller
          control={form.control}
          name="note"
          render={({ field }) => (
            <Textarea
              label={PAYMENT_REQUEST_TEXTS.note}
              value={field.value}
              onChange={(event) => field.onChange(event.currentTarget.value)}
              onBlur={field.onBlur}
              maxLength={NOTE_MAX_LENGTH}
              rows={3}
              description={PAYMENT_REQUEST_TEXTS.noteCounter(note.length)}
              error={errors.note?.message}
              errorProps={ANNOUNCED_ERROR}
            />
          )}
        />
      </Stack>
    </GenericModal>
  );
}
