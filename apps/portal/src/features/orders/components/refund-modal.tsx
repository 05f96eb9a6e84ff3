import { centsToDecimalString } from '@lynk/contract/money';
import type { Order, RefundKind, RefundRequest } from '@lynk/contract/orders';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { GenericModal } from '@/components/generic-modal';
import { openTransactionStatus } from '@/components/transaction-status-modal';
import { CLIENT_ERROR_CODES, isApiRequestError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { restorePreviousModal, setModalLocked } from '@/lib/modal-registry';
import { useOrganization } from '@/lib/organization';
import { useCreateRefund } from '../api/create-refund';
import { isIdempotencyInProgress } from '@/lib/in-progress-retry';
import { leftToRefund } from '../order-rules';
import { refundFormSchema, type RefundFormInput, type RefundFormOutput } from '../refund-form';
import { REFUND_TEXTS } from '../texts';
import { RefundDetailsFields } from './refund-details-fields';
import { RefundKindStep } from './refund-kind-step';

export interface RefundModalData {
  order: Order;
}

/**
 * Keys of refunds whose outcome is unknown (no answer, a server error, still in progress), by what
 * was sent. The failure modal replaces this one, so the key outlives it: sending the same refund
 * again reuses it and the server replays the first answer instead of refunding twice. A refusal
 * (a 4xx) is an answer: its key is dropped, so a corrected attempt is a new request.
 */
const unknownOutcomeKeys = new Map<string, string>();

function outcomeUnknown(error: unknown): boolean {
  if (!isApiRequestError(error) || isIdempotencyInProgress(error)) return true;
  return error.status === 0 || error.status >= 500 || error.code === CLIENT_ERROR_CODES.invalidResponse;
}

/** The server's own words when it sent the API's error shape; otherwise nothing more than the title. */
function failureDetail(error: unknown): string {
  return isApiRequestError(error) && !outcomeUnknown(error) && error.code !== CLIENT_ERROR_CODES.http
    ? error.message
    : '';
}

/**
 * The refund modal (key `refund`, spec sections 2, 4, 5): choose Full Refund or a partial one, then
 * the amount (locked to what is left for a full refund), the reason and notes, then "Issue Refund".
 * Success and failure end in the transaction-status modal. Built like the transfer modal.
 */
export function RefundModal({ data }: { data: RefundModalData }) {
  const { order } = data;
  const { orgId } = useOrganization();
  const left = leftToRefund(order);
  const [step, setStep] = useState<'choose' | 'details'>('choose');
  const [kind, setKind] = useState<RefundKind | null>(null);
  const mutation = useCreateRefund(orgId);
  const sending = mutation.isPending;

  const form = useForm<RefundFormInput, unknown, RefundFormOutput>({
    mode: 'onChange',
    defaultValues: { amount: '', reason: '', notes: '' },
    resolver: zodResolver(refundFormSchema(left, kind ?? 'partial')),
  });

  // While the refund is on its way the modal cannot be closed: closing would hide whether it went.
  useEffect(() => setModalLocked(sending), [sending]);

  const choose = (next: RefundKind) => {
    setKind(next);
    if (next === 'full') form.setValue('amount', centsToDecimalString(left), { shouldValidate: true });
    else if (kind === 'full') form.resetField('amount');
  };

  if (step === 'choose' || kind === null) {
    return (
      <RefundKindStep
        order={order}
        kind={kind}
        onChange={choose}
        onNext={() => setStep('details')}
        onCancel={restorePreviousModal}
      />
    );
  }

  const send = (values: RefundFormOutput) => {
    if (order.transfer_id === null) return;
    const body: RefundRequest = {
      amount_to_refund: values.amount,
      transferID: order.transfer_id,
      description: values.notes,
      motif: values.reason,
    };
    const signature = `${order.m_order_id}:${kind}:${JSON.stringify(body)}`;
    const idempotencyKey = unknownOutcomeKeys.get(signature) ?? newIdempotencyKey();
    unknownOutcomeKeys.set(signature, idempotencyKey);
    mutation.mutate(
      { orderId: order.m_order_id, kind, body, idempotencyKey },
      {
        onSuccess: () => {
          unknownOutcomeKeys.delete(signature);
          openTransactionStatus({ variant: 'success', title: REFUND_TEXTS.success });
        },
        onError: (error) => {
          if (!outcomeUnknown(error)) unknownOutcomeKeys.delete(signature);
          openTransactionStatus({
            variant: 'failure',
            title: REFUND_TEXTS.failure,
            subtitle: failureDetail(error),
          });
        },
      },
    );
  };

  return (
    <GenericModal
      subtitle={REFUND_TEXTS.detailsSubtitle}
      onSubmit={(event) => {
        void form.handleSubmit(send)(event);
      }}
      mainAction={{ label: REFUND_TEXTS.submit, loading: sending }}
      secondaryAction={{ label: REFUND_TEXTS.back, disabled: sending, onClick: () => setStep('choose') }}
      cancelAction={{ label: REFUND_TEXTS.cancel, disabled: sending, onClick: restorePreviousModal }}
    >
      <RefundDetailsFields form={form} order={order} locked={kind === 'full'} />
    </GenericModal>
  );
}
