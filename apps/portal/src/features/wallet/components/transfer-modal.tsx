import type { Account } from '@lynk/contract/accounts';
import { MIN_TRANSFER_CENTS } from '@lynk/contract/constants';
import { parseAmountToCents } from '@lynk/contract/money';
import { createTransferSchema, type CreateTransfer } from '@lynk/contract/transfers';
import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { modals, type ContextModalProps } from '@mantine/modals';
import { useEffect, useRef, useState } from 'react';
import { CurrencyInput } from '@/components/currency-input';
import { ErrorState } from '@/components/error-state';
import { openTransactionStatus } from '@/components/transaction-status-modal';
import { CLIENT_ERROR_CODES, isApiRequestError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { TRANSFER_TEXTS } from '@/lib/texts';
import { isIdempotencyInProgress, useCreateTransfer } from '../api/create-transfer';
import { useLimit } from '../api/get-limit';
import {
  mainWalletOf,
  resolveTransfer,
  sourceAccounts,
  targetAccounts,
  transferAllowance,
} from '../transfer-options';

/**
 * The modal host sits outside the router and the session, so whoever opens the modal hands over
 * what it needs: the organisation, its accounts and the user's permissions.
 */
export interface TransferModalProps {
  orgId: string;
  accounts: readonly Account[];
  permissions: readonly string[];
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

const MIN_AMOUNT_MESSAGE =
  createTransferSchema.shape.amount.safeParse(MIN_TRANSFER_CENTS - 1).error?.issues[0]?.message ?? '';

function accountOptions(accounts: readonly Account[]) {
  return [
    { value: '', label: TRANSFER_TEXTS.choose, disabled: true },
    ...accounts.map((account) => ({ value: String(account.id), label: account.label })),
  ];
}

/** The transfer modal (key `transfer`): from, to and amount, then the transaction-status modal. */
export function TransferModal({ context, id, innerProps }: ContextModalProps<TransferModalProps>) {
  const { orgId, accounts, permissions, initialFromId } = innerProps;
  const allow = transferAllowance(permissions);
  const main = mainWalletOf(accounts);
  const sources = sourceAccounts(accounts, allow);

  const [fromId, setFromId] = useState(() =>
    sources.some((account) => account.id === initialFromId) ? String(initialFromId) : '',
  );
  const [toId, setToId] = useState('');
  const [amount, setAmount] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [retryError, setRetryError] = useState<string | null>(null);
  // One Idempotency-Key per transfer attempt: retrying the same submission after a lost answer
  // reuses it, so the server replays its first answer instead of moving the money twice.
  const attempt = useRef<{ key: string; signature: string } | null>(null);

  const from = sources.find((account) => String(account.id) === fromId) ?? null;
  const targets = targetAccounts(accounts, allow, from);
  // Into the main wallet is the only way from any other source: it needs no choosing.
  const to =
    targets.find((account) => String(account.id) === toId) ??
    (from && from.type !== 'LYNK' && targets.length === 1 ? (targets[0] ?? null) : null);
  const resolved = from && to ? resolveTransfer(from, to) : null;
  // "12." is an amount being typed, not a mistake.
  const cents = amount === '' ? null : parseAmountToCents(amount.replace(/\.$/, ''));

  const limit = useLimit(orgId, main?.id ?? 0, resolved?.dailyLimit ?? 'TOP', {
    enabled: Boolean(main && resolved?.dailyLimit),
  });
  // Unreadable limits (no balance permission, a failed call) leave the check to the server.
  const remaining = resolved?.dailyLimit && limit.data ? limit.data.remaining : null;
  // Submitting before the remaining limit is known would skip the check the user is owed.
  const limitLoading = Boolean(resolved?.dailyLimit) && limit.isLoading;

  const mutation = useCreateTransfer(orgId);
  // While the transfer is being sent (retries included) the modal cannot be closed: no Escape, no
  // click outside, no close button, Cancel disabled. Closing would hide whether money moved.
  const sending = mutation.isPending;
  useEffect(() => {
    modals.updateContextModal({
      modalId: id,
      closeOnEscape: !sending,
      closeOnClickOutside: !sending,
      withCloseButton: !sending,
    });
  }, [id, sending]);
  const close = () => {
    if (!sending) context.closeModal(id);
  };

  let amountError: string | null = null;
  if (amount === '') amountError = submitted ? TRANSFER_TEXTS.amountRequired : null;
  else if (cents === null) amountError = TRANSFER_TEXTS.amountInvalid;
  else if (cents < MIN_TRANSFER_CENTS) amountError = MIN_AMOUNT_MESSAGE;
  else if (remaining !== null && cents > remaining) amountError = TRANSFER_TEXTS.dailyLimitExceeded;
  const fromError = submitted && !from ? TRANSFER_TEXTS.fromRequired : null;
  const toError = submitted && !to ? TRANSFER_TEXTS.toRequired : null;

  if (!main || sources.length === 0) {
    return (
      <Stack gap="lg">
        <ErrorState message={TRANSFER_TEXTS.noAccounts} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {TRANSFER_TEXTS.cancel}
          </Button>
        </Group>
      </Stack>
    );
  }

  const submit = () => {
    // Enter in a field while the first submission is on its way sends nothing more.
    if (sending) return;
    setSubmitted(true);
    setRetryError(null);
    if (!resolved || cents === null || amountError || limitLoading) return;
    const body: CreateTransfer = { ...resolved.body, amount: cents };
    const signature = JSON.stringify(body);
    const key = attempt.current?.signature === signature ? attempt.current.key : newIdempotencyKey();
    attempt.current = { key, signature };
    mutation.mutate(
      { mainWalletId: main.id, body, idempotencyKey: key },
      {
        onSuccess: () => {
          context.closeModal(id);
          openTransactionStatus({ variant: 'success-pending' });
        },
        onError: (error) => {
          if (isRetryable(error)) {
            setRetryError(TRANSFER_TEXTS.notInitiated);
            return;
          }
          context.closeModal(id);
          openTransactionStatus({ variant: 'failure', subtitle: failureMessage(error) });
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {TRANSFER_TEXTS.subtitle}
        </Text>
        <NativeSelect
          label={TRANSFER_TEXTS.from}
          required
          data={accountOptions(sources)}
          value={fromId}
          error={fromError}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setFromId(next);
            const nextFrom = sources.find((account) => String(account.id) === next) ?? null;
            // A target the new source cannot reach (or the source itself) is dropped, not kept hidden.
            if (!targetAccounts(accounts, allow, nextFrom).some((account) => String(account.id) === toId)) {
              setToId('');
            }
          }}
          data-autofocus
        />
        <NativeSelect
          label={TRANSFER_TEXTS.to}
          required
          data={accountOptions(targets)}
          value={to ? String(to.id) : ''}
          error={toError}
          onChange={(event) => setToId(event.currentTarget.value)}
        />
        <CurrencyInput
          label={TRANSFER_TEXTS.amount}
          required
          value={amount}
          onChange={setAmount}
          error={amountError}
        />
        {retryError ? <ErrorState message={retryError} /> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={sending}>
            {TRANSFER_TEXTS.cancel}
          </Button>
          <Button type="submit" loading={sending} disabled={limitLoading}>
            {TRANSFER_TEXTS.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
