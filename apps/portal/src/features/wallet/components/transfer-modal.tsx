import type { Account } from '@lynk/contract/accounts';
import { transferDirections } from '@lynk/contract/permissions';
import type { CreateTransfer } from '@lynk/contract/transfers';
import { zodResolver } from '@hookform/resolvers/zod';
import { NativeSelect, Stack } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ANNOUNCED_ERROR, CurrencyField } from '@/components/currency-input';
import { ErrorState } from '@/components/error-state';
import { GenericModal } from '@/components/generic-modal';
import { openTransactionStatus } from '@/components/transaction-status-modal';
import { CLIENT_ERROR_CODES, isApiRequestError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { hideModal, setModalLocked } from '@/lib/modal-registry';
import { useOrganization } from '@/lib/organization';
import { useRequiredSession } from '@/lib/session';
import { skipToken } from '@tanstack/react-query';
import { isIdempotencyInProgress, useCreateTransfer } from '../api/create-transfer';
import { useLimit } from '../api/get-limit';
import { TRANSFER_TEXTS } from '../texts';
import { transferFormSchema, type TransferFormInput, type TransferFormOutput } from '../transfer-form';
import {
  implicitTarget,
  mainWalletOf,
  resolveTransfer,
  sourceAccounts,
  targetAccounts,
} from '../transfer-options';

export interface TransferModalData {
  /** The wallet the modal was opened from starts as the source. */
  initialFromId?: number;
}

/**
 * A network failure, a server error, an unreadable answer, or a first attempt the server is still
 * processing after every in-progress retry: the transfer may or may not exist, so the user may
 * send it again (same Idempotency-Key, so at most one transfer is made).
 */
function isRetryable(error: unknown): boolean {
  if (!isApiRequestError(error) || isIdempotencyInProgress(error)) return true;
  return error.status === 0 || error.status >= 500 || error.code === CLIENT_ERROR_CODES.invalidResponse;
}

/** The server's own words (spec section 8) when it sent the API's error shape. */
function failureMessage(error: unknown): string | undefined {
  if (isApiRequestError(error) && error.code !== CLIENT_ERROR_CODES.http) return error.message;
  return undefined;
}

function accountOptions(accounts: readonly Account[]) {
  return [
    { value: '', label: TRANSFER_TEXTS.choose, disabled: true },
    ...accounts.map((account) => ({ value: String(account.id), label: account.label })),
  ];
}

const byId = (accounts: readonly Account[], id: string) =>
  accounts.find((account) => String(account.id) === id) ?? null;

/**
 * The transfer modal (key `transfer`): from, to and amount, then the transaction-status modal.
 * The reference form of the portal: react-hook-form on a zod schema built from the contract.
 */
export function TransferModal({ data }: { data: TransferModalData }) {
  const { orgId, accounts } = useOrganization();
  const session = useRequiredSession();
  const allow = transferDirections(session.permissions);
  const main = mainWalletOf(accounts);
  const sources = sourceAccounts(accounts, allow);

  const initialFrom = sources.find((account) => account.id === data.initialFromId) ?? null;
  const initialTo = implicitTarget(targetAccounts(accounts, allow, initialFrom), initialFrom);

  // One Idempotency-Key per transfer attempt: retrying the same submission after a lost answer
  // reuses it, so the server replays its first answer instead of moving the money twice.
  const attempt = useRef<{ key: string; signature: string } | null>(null);
  const mutation = useCreateTransfer(orgId);
  const sending = mutation.isPending;

  // The remaining daily limit of the chosen pair (null while unknown), read when the form validates.
  const remainingRef = useRef<number | null>(null);
  const form = useForm<TransferFormInput, unknown, TransferFormOutput>({
    mode: 'onChange',
    defaultValues: {
      fromId: initialFrom ? String(initialFrom.id) : '',
      toId: initialTo ? String(initialTo.id) : '',
      amount: '',
    },
    resolver: (values, context, options) =>
      zodResolver(transferFormSchema(remainingRef.current))(values, context, options),
  });
  const [fromId, toId] = useWatch({ control: form.control, name: ['fromId', 'toId'] });
  const from = byId(sources, fromId);
  const targets = targetAccounts(accounts, allow, from);
  const to = byId(targets, toId);
  const resolved = from && to ? resolveTransfer(from, to) : null;

  const limit = useLimit(
    orgId,
    main && resolved?.dailyLimit ? { accountId: main.id, type: resolved.dailyLimit } : skipToken,
  );
  // Unreadable limits (no balance permission, a failed call) leave the check to the server.
  const remaining = resolved?.dailyLimit && limit.data ? limit.data.remaining : null;
  // Submitting before the remaining limit is known would skip the check the user is owed.
  const limitLoading = Boolean(resolved?.dailyLimit) && limit.isLoading;
  useEffect(() => {
    remainingRef.current = remaining;
    if (form.getValues('amount') !== '') void form.trigger('amount');
  }, [remaining, form]);

  // While the transfer is being sent (retries included) the modal cannot be closed: no Escape, no
  // click outside, no close button, Cancel disabled. Closing would hide whether money moved.
  useEffect(() => setModalLocked(sending), [sending]);

  if (!main || sources.length === 0) {
    return (
      <GenericModal cancelAction={{ label: TRANSFER_TEXTS.cancel, onClick: hideModal }}>
        <ErrorState message={TRANSFER_TEXTS.noAccounts} />
      </GenericModal>
    );
  }

  const send = (values: TransferFormOutput) => {
    const pair = resolveTransfer(byId(sources, values.fromId)!, byId(targets, values.toId)!);
    if (limitLoading || !pair) return;
    const body: CreateTransfer = { ...pair.body, amount: values.amount };
    const signature = JSON.stringify(body);
    const key = attempt.current?.signature === signature ? attempt.current.key : newIdempotencyKey();
    attempt.current = { key, signature };
    mutation.mutate(
      { mainWalletId: main.id, body, idempotencyKey: key },
      {
        onSuccess: () => openTransactionStatus({ variant: 'success-pending' }),
        onError: (error) => {
          if (!isRetryable(error))
            openTransactionStatus({ variant: 'failure', subtitle: failureMessage(error) });
        },
      },
    );
  };

  const { errors } = form.formState;
  return (
    <GenericModal
      subtitle={TRANSFER_TEXTS.subtitle}
      onSubmit={(event) => {
        mutation.reset();
        void form.handleSubmit(send)(event);
      }}
      mainAction={{ label: TRANSFER_TEXTS.submit, loading: sending, disabled: limitLoading }}
      cancelAction={{ label: TRANSFER_TEXTS.cancel, disabled: sending, onClick: hideModal }}
    >
      <Stack gap="md">
        <Controller
          control={form.control}
          name="fromId"
          render={({ field }) => (
            <NativeSelect
              label={TRANSFER_TEXTS.from}
              required
              data={accountOptions(sources)}
              value={field.value}
              error={errors.fromId?.message}
              errorProps={ANNOUNCED_ERROR}
              onBlur={field.onBlur}
              onChange={(event) => {
                const next = event.currentTarget.value;
                field.onChange(next);
                const nextFrom = byId(sources, next);
                const nextTargets = targetAccounts(accounts, allow, nextFrom);
                // A target the new source cannot reach (or the source itself) is dropped, not kept hidden.
                const kept =
                  byId(nextTargets, form.getValues('toId')) ?? implicitTarget(nextTargets, nextFrom);
                form.setValue('toId', kept ? String(kept.id) : '', { shouldValidate: kept !== null });
              }}
              data-autofocus
            />
          )}
        />
        <Controller
          control={form.control}
          name="toId"
          render={({ field }) => (
            <NativeSelect
              label={TRANSFER_TEXTS.to}
              required
              data={accountOptions(targets)}
              value={field.value}
              error={errors.toId?.message}
              errorProps={ANNOUNCED_ERROR}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(event.currentTarget.value)}
            />
          )}
        />
        <CurrencyField control={form.control} name="amount" label={TRANSFER_TEXTS.amount} required />
        {mutation.isError && isRetryable(mutation.error) ? (
          <ErrorState message={TRANSFER_TEXTS.notInitiated} />
        ) : null}
      </Stack>
    </GenericModal>
  );
}
