import type { PayeeLookup } from '@lynk/contract/batches';
import { zodResolver } from '@hookform/resolvers/zod';
import { Progress, Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ANNOUNCED_ERROR, CurrencyField } from '@/components/currency-input';
import { CenteredLoader } from '@/components/centered-loader';
import { ErrorState } from '@/components/error-state';
import { GenericModal } from '@/components/generic-modal';
import { openTransactionStatus } from '@/components/transaction-status-modal';
import { isApiRequestError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { hideModal, restorePreviousModal, setModalLocked, updateModal } from '@/lib/modal-registry';
import { useOrganization } from '@/lib/organization';
import { useCreateSinglePayee } from '../api/create-single-payee';
import { useBatch } from '../api/get-batch';
import { useLookupPayee } from '../api/lookup-payee';
import {
  amountFormSchema,
  isLynkIdLongEnough,
  recipientFormSchema,
  typedLynkId,
  type AmountFormInput,
  type AmountFormOutput,
  type RecipientFormInput,
  type RecipientFormOutput,
} from '../single-payment-form';
import { BATCH_COMMON_TEXTS, SINGLE_PAYMENT_TEXTS } from '../texts';
import { apiMessage } from '@/lib/api-message';
import { keepPollingValidation } from '../batch-outcome';
import { BatchErrorLog } from './batch-error-log';
import { ReviewBatchPayment } from './review-batch-payment';

export interface SinglePaymentData {
  /** 0: Choose your recipient, 1: Enter transfer amount, 2: Confirm payment. */
  step?: 0 | 1 | 2;
  /** The ID as typed, without "@". */
  lynkId?: string;
  payeeName?: string;
  /** The one-payee batch, once validated (step 2). */
  batchId?: number;
}

const STEP_TITLES = [
  SINGLE_PAYMENT_TEXTS.chooseRecipient,
  SINGLE_PAYMENT_TEXTS.enterAmount,
  SINGLE_PAYMENT_TEXTS.confirmPayment,
] as const;

/** Moves the wizard to `step` with its data; the modal's title is the step's name. */
function goTo(data: SinglePaymentData & { step: 0 | 1 | 2 }) {
  updateModal({ title: STEP_TITLES[data.step], data });
}

/** Spec section 8: the payee lookup's errors, shown under the ID field. */
function lookupErrorMessage(error: unknown): string {
  if (isApiRequestError(error)) {
    if (error.status === 403) return SINGLE_PAYMENT_TEXTS.notAllowed;
    if (error.status === 404 || error.code === 'US-01') return SINGLE_PAYMENT_TEXTS.notFound;
  }
  return SINGLE_PAYMENT_TEXTS.lookupFailed;
}

function payeeDisplayName(payee: PayeeLookup): string {
  return payee.display_name || [payee.name, payee.last_name].filter(Boolean).join(' ') || payee.user_name;
}

/**
 * The single payment wizard (key `single-payment`, spec sections 2 and 4): the recipient's ID
 * (looked up), the amount (a one-payee batch, validated like an upload), then the Confirm Payment
 * screen. The step and what was entered live in the modal's data, so Back, the cancel
 * confirmation's Nevermind and the modals the confirm screen opens all come back to the right step.
 */
export function SinglePaymentModal({ data }: { data: SinglePaymentData }) {
  const step = data.step ?? 0;
  if (step === 2 && data.batchId !== undefined) return <ConfirmStep data={data} batchId={data.batchId} />;
  if (step >= 1 && data.lynkId) return <AmountStep data={data} lynkId={data.lynkId} />;
  return <RecipientStep data={data} />;
}

function StepIndicator({ step, children }: { step: 0 | 1 | 2; children: ReactNode }) {
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" data-testid="single-payment-step">
        {SINGLE_PAYMENT_TEXTS.stepOf(step + 1, STEP_TITLES.length)}
      </Text>
      {children}
    </Stack>
  );
}

/**
 * Step 0: the ID (Next from 3 characters), looked up with an "@" prefix. A refusal shows under the
 * field and goes away as the ID is edited. Cancel asks first: the spec's confirmation, where
 * Nevermind brings the wizard back as it was.
 */
function RecipientStep({ data }: { data: SinglePaymentData }) {
  const lookup = useLookupPayee();
  // Spec section 5: editing the ID clears its error; it is checked again on Next.
  const form = useForm<RecipientFormInput, unknown, RecipientFormOutput>({
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { lynkId: data.lynkId ?? '' },
    resolver: zodResolver(recipientFormSchema),
  });
  const typed = useWatch({ control: form.control, name: 'lynkId' });
  const looking = lookup.isPending;

  const next = ({ lynkId }: RecipientFormOutput) =>
    lookup.mutate(lynkId, {
      onSuccess: (payee) =>
        goTo({ step: 1, lynkId: typedLynkId(lynkId), payeeName: payeeDisplayName(payee) }),
      onError: (error) => form.setError('lynkId', { message: lookupErrorMessage(error) }),
    });

  const cancel = () => {
    // Kept in the modal's data, so Nevermind brings back what was typed.
    updateModal({ data: { ...data, step: 0, lynkId: typedLynkId(form.getValues('lynkId')) } });
    openTransactionStatus(
      {
        variant: 'confirm',
        subtitle: SINGLE_PAYMENT_TEXTS.cancelConfirm,
        closeAction: { onClick: restorePreviousModal },
      },
      { storePrevious: true },
    );
  };

  return (
    <GenericModal
      onSubmit={(event) => {
        if (looking) {
          event.preventDefault();
          return;
        }
        void form.handleSubmit(next)(event);
      }}
      mainAction={{
        label: SINGLE_PAYMENT_TEXTS.next,
        loading: looking,
        disabled: !isLynkIdLongEnough(typed),
      }}
      cancelAction={{ label: SINGLE_PAYMENT_TEXTS.cancel, disabled: looking, onClick: cancel }}
    >
      <StepIndicator step={0}>
        <TextInput
          {...form.register('lynkId', {
            onChange: () => {
              lookup.reset();
              form.clearErrors('lynkId');
            },
          })}
          label={SINGLE_PAYMENT_TEXTS.lynkId}
          description={SINGLE_PAYMENT_TEXTS.lynkIdDescription}
          leftSection="@"
          autoComplete="off"
          required
          error={form.formState.errors.lynkId?.message}
          errorProps={ANNOUNCED_ERROR}
          data-autofocus
        />
      </StepIndicator>
    </GenericModal>
  );
}

/**
 * Step 1: the amount (Next while it is not empty) makes a one-payee batch (with an Idempotency-Key)
 * and waits for its validation, read every 2 s. Back returns to the recipient.
 */
function AmountStep({ data, lynkId }: { data: SinglePaymentData; lynkId: string }) {
  const { orgId } = useOrganization();
  const create = useCreateSinglePayee(orgId);
  const progressId = useId();
  const [batchId, setBatchId] = useState<number | null>(null);
  const attempt = useRef<{ key: string; signature: string } | null>(null);
  const validation = useBatch(orgId, batchId, { keepPolling: keepPollingValidation, phase: 'validation' });
  const validated = validation.data?.status === 'VALIDATED' ? validation.data : null;
  const invalid = validation.data?.status === 'INVALID_PAYEE' ? validation.data : null;
  const checking = create.isPending || (batchId !== null && !invalid && !validation.isError);
  useEffect(() => setModalLocked(create.isPending), [create.isPending]);
  useEffect(() => {
    if (validated) goTo({ ...data, step: 2, lynkId, batchId: validated.id });
  }, [validated, data, lynkId]);

  const form = useForm<AmountFormInput, unknown, AmountFormOutput>({
    mode: 'onChange',
    defaultValues: { amount: '' },
    resolver: zodResolver(amountFormSchema),
  });
  const amount = useWatch({ control: form.control, name: 'amount' });

  const next = (values: AmountFormOutput) => {
    const body = { lynk_id: `@${lynkId}`, amount: values.amount };
    const signature = JSON.stringify(body);
    const key = attempt.current?.signature === signature ? attempt.current.key : newIdempotencyKey();
    attempt.current = { key, signature };
    setBatchId(null);
    create.mutate({ body, idempotencyKey: key }, { onSuccess: setBatchId });
  };

  return (
    <GenericModal
      onSubmit={(event) => {
        if (checking) {
          event.preventDefault();
          return;
        }
        void form.handleSubmit(next)(event);
      }}
      mainAction={{ label: SINGLE_PAYMENT_TEXTS.next, loading: checking, disabled: amount === '' }}
      cancelAction={{
        label: SINGLE_PAYMENT_TEXTS.back,
        disabled: create.isPending,
        onClick: () => goTo({ step: 0, lynkId }),
      }}
    >
      <StepIndicator step={1}>
        {data.payeeName ? (
          <Text fw={600} data-testid="single-payment-payee">
            {SINGLE_PAYMENT_TEXTS.paying(data.payeeName, `@${lynkId}`)}
          </Text>
        ) : null}
        <CurrencyField
          control={form.control}
          name="amount"
          label={SINGLE_PAYMENT_TEXTS.amount}
          required
          disabled={checking}
          data-autofocus
        />
        {batchId !== null && checking ? (
          <Stack gap={4}>
            <Text size="sm" id={progressId}>
              {SINGLE_PAYMENT_TEXTS.validating}
            </Text>
            <Progress value={100} animated striped aria-labelledby={progressId} />
          </Stack>
        ) : null}
        {invalid ? (
          <BatchErrorLog batchId={invalid.id} message={invalid.error ?? SINGLE_PAYMENT_TEXTS.errorLog} />
        ) : null}
        {validation.isError ? <ErrorState message={SINGLE_PAYMENT_TEXTS.technicalProblems} /> : null}
        {create.isError ? (
          <ErrorState message={apiMessage(create.error, SINGLE_PAYMENT_TEXTS.notInitiated)} />
        ) : null}
      </StepIndicator>
    </GenericModal>
  );
}

/** Step 2: the Confirm Payment screen of the one-payee batch; Back returns to the amount. */
function ConfirmStep({ data, batchId }: { data: SinglePaymentData; batchId: number }) {
  const { orgId } = useOrganization();
  const batch = useBatch(orgId, batchId);
  return (
    <GenericModal>
      <StepIndicator step={2}>
        {batch.data ? (
          <ReviewBatchPayment
            batch={batch.data}
            onResumeLater={hideModal}
            leadingAction={{
              label: SINGLE_PAYMENT_TEXTS.back,
              onClick: () => goTo({ step: 1, lynkId: data.lynkId, payeeName: data.payeeName }),
            }}
          />
        ) : batch.isError ? (
          <ErrorState message={SINGLE_PAYMENT_TEXTS.technicalProblems} />
        ) : (
          <CenteredLoader label={BATCH_COMMON_TEXTS.loading} />
        )}
      </StepIndicator>
    </GenericModal>
  );
}
