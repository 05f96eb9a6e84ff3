import type { ApproveBatch } from '@lynk/contract/batches';
import { Loader, Radio, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { GenericModal } from '@/components/generic-modal';
import { openTransactionStatus } from '@/components/transaction-status-modal';
import { balancesQueryKey } from '@/lib/get-balance';
import { limitsQueryKey } from '@/lib/limits-query-key';
import { restorePreviousModal, setModalLocked } from '@/lib/modal-registry';
import { useOrganization } from '@/lib/organization';
import { useApproveBatch } from '../api/approve-batch';
import { useBatch } from '../api/get-batch';
import { batchesQueryKey } from '../api/get-batches';
import { approvalOutcome, keepPollingAfterApproval } from '../batch-outcome';
import { SOURCE_TEXTS } from '../texts';
import { apiMessage } from '@/lib/api-message';

export interface ChooseSourceFundsData {
  batchId: number;
  /** A page to go to once the outcome is known (the review page goes back to the history). */
  returnTo?: string;
}

/**
 * The choose-source-funds modal (spec section 4): the branch's main wallet or one of its linked
 * bank accounts. Approving sends `account_type` and `account_id`; a refusal (weekly limit, balance)
 * shows the API's message and the user may pick another source. Once approved, the batch is read
 * every 2 s, up to 15 times, and the outcome replaces this modal. Nothing can close it meanwhile.
 */
export function ChooseSourceFundsModal({ data }: { data: ChooseSourceFundsData }) {
  const { orgId, accounts } = useOrganization();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sources = accounts.filter((account) => account.type === 'LYNK' || account.type === 'BANK_ACCOUNT');
  const [sourceId, setSourceId] = useState(() => {
    const main = sources.find((account) => account.type === 'LYNK');
    return main ? String(main.id) : '';
  });
  const approve = useApproveBatch(orgId);
  const approved = approve.isSuccess;
  const batch = useBatch(orgId, approved ? data.batchId : null, {
    keepPolling: keepPollingAfterApproval,
    phase: 'after-approval',
  });
  const busy = approve.isPending || approved;
  useEffect(() => setModalLocked(busy), [busy]);

  // Polling has stopped (a final status, the last try, or a failed read): the outcome replaces
  // this modal, once.
  const shown = useRef(false);
  const stopped = approved && !batch.polling;
  const polled = batch.data;
  useEffect(() => {
    if (!stopped || shown.current) return;
    shown.current = true;
    for (const queryKey of [
      [...batchesQueryKey(orgId), 'list'],
      balancesQueryKey(orgId),
      limitsQueryKey(orgId),
    ]) {
      void queryClient.invalidateQueries({ queryKey });
    }
    if (data.returnTo) void navigate(data.returnTo);
    openTransactionStatus(
      polled
        ? approvalOutcome(polled)
        : { variant: 'success-pending', title: SOURCE_TEXTS.stillProcessingTitle },
    );
  }, [stopped, polled, data.returnTo, navigate, orgId, queryClient]);

  const send = () => {
    const account = sources.find((candidate) => String(candidate.id) === sourceId);
    if (!account) return;
    const body: ApproveBatch = {
      account_type: account.type === 'LYNK' ? 'LYNK' : 'BANK_ACCOUNT',
      account_id: account.id,
    };
    approve.mutate({ id: data.batchId, body });
  };

  return (
    <GenericModal
      subtitle={SOURCE_TEXTS.subtitle}
      loading={approved}
      mainAction={{
        label: SOURCE_TEXTS.approve,
        onClick: send,
        loading: busy,
        disabled: sourceId === '',
      }}
      cancelAction={{ label: SOURCE_TEXTS.cancel, onClick: restorePreviousModal, disabled: busy }}
    >
      <Radio.Group
        label={SOURCE_TEXTS.choiceLabel}
        value={sourceId}
        onChange={(value) => {
          approve.reset();
          setSourceId(value);
        }}
      >
        <Stack gap="sm" mt="xs">
          {sources.map((account) => (
            <Radio
              key={account.id}
              value={String(account.id)}
              disabled={busy}
              label={
                account.type === 'LYNK'
                  ? SOURCE_TEXTS.mainWallet(account.label, account.details.currency)
                  : SOURCE_TEXTS.bankAccount(account.label)
              }
            />
          ))}
        </Stack>
      </Radio.Group>
      {approve.isError ? (
        <ErrorState message={apiMessage(approve.error, SOURCE_TEXTS.approvalFailed)} />
      ) : null}
      {approved ? (
        <Stack align="center" gap="xs" role="status">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{SOURCE_TEXTS.processing}</Text>
        </Stack>
      ) : null}
    </GenericModal>
  );
}
