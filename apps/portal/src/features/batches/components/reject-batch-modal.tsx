import { REJECT_REASON_MAX_LENGTH } from '@lynk/contract/constants';
import { zodResolver } from '@hookform/resolvers/zod';
import { Textarea } from '@mantine/core';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ANNOUNCED_ERROR } from '@/components/currency-input';
import { ErrorState } from '@/components/error-state';
import { GenericModal } from '@/components/generic-modal';
import { openTransactionStatus } from '@/components/transaction-status-modal';
import { restorePreviousModal, setModalLocked } from '@/lib/modal-registry';
import { useOrganization } from '@/lib/organization';
import { useRejectBatch } from '../api/reject-batch';
import { rejectFormSchema, type RejectFormInput, type RejectFormOutput } from '../reject-form';
import { REJECT_TEXTS, SOURCE_TEXTS } from '../texts';
import { apiMessage } from '@/lib/api-message';

export interface RejectBatchData {
  batchId: number;
  /** A page to go to once rejected (the review page goes back to the history). */
  returnTo?: string;
}

/**
 * The reject-batch-payments modal (spec sections 2 and 5): "Reject batch ID {id}", an optional
 * reason of at most 45 characters with its counter; Reject is disabled above 45 or while sending.
 * Cancel goes back to the screen it came from.
 */
export function RejectBatchModal({ data }: { data: RejectBatchData }) {
  const { orgId } = useOrganization();
  const navigate = useNavigate();
  const mutation = useRejectBatch(orgId);
  const sending = mutation.isPending;
  useEffect(() => setModalLocked(sending), [sending]);

  const form = useForm<RejectFormInput, unknown, RejectFormOutput>({
    mode: 'onChange',
    defaultValues: { reason: '' },
    resolver: zodResolver(rejectFormSchema),
  });
  const reason = useWatch({ control: form.control, name: 'reason' });
  const tooLong = reason.length > REJECT_REASON_MAX_LENGTH;

  const send = (values: RejectFormOutput) =>
    mutation.mutate(
      { id: data.batchId, body: values },
      {
        onSuccess: () => {
          if (data.returnTo) void navigate(data.returnTo);
          openTransactionStatus({
            variant: 'success',
            title: REJECT_TEXTS.rejectedTitle,
            subtitle: REJECT_TEXTS.rejected,
          });
        },
      },
    );

  return (
    <GenericModal
      onSubmit={(event) => {
        void form.handleSubmit(send)(event);
      }}
      mainAction={{ label: REJECT_TEXTS.reject, loading: sending, disabled: tooLong }}
      cancelAction={{ label: REJECT_TEXTS.cancel, disabled: sending, onClick: restorePreviousModal }}
    >
      <Textarea
        {...form.register('reason')}
        label={REJECT_TEXTS.reasonLabel}
        description={REJECT_TEXTS.counter(reason.length)}
        error={form.formState.errors.reason?.message}
        errorProps={ANNOUNCED_ERROR}
        rows={3}
        data-autofocus
      />
      {mutation.isError ? (
        <ErrorState message={apiMessage(mutation.error, SOURCE_TEXTS.approvalFailed)} />
      ) : null}
    </GenericModal>
  );
}
