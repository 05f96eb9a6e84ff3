import type { Consumer } from '@lynk/contract/consumer';
import { formatCents } from '@lynk/contract/money';
import { Alert, Anchor, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { DetailRows } from '@/components/detail-rows';
import { ErrorState } from '@/components/error-state';
import { isUnauthorized } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { consumerSessionQueryKey } from '../api/get-consumer-session';
import { useDeclinePayLink } from '../api/decline-pay-link';
import type { usePayPayLink } from '../api/pay-pay-link';
import { useSignOutConsumer } from '../api/sign-out-consumer';
import { isNotPayable, isUncertainPayment, serverMessage } from '../pay-errors';
import { PAY_TEXTS } from '../texts';
import { DeclineConfirm } from './decline-confirm';

/** Why the last payment did not go through, in the server's words where it gave them. */
function payFailure(error: unknown): string {
  return isUncertainPayment(error)
    ? PAY_TEXTS.payNotConfirmed
    : serverMessage(error, PAY_TEXTS.somethingWentWrong);
}

/**
 * The signed-in customer: who is paying and with how much, then Pay (one Idempotency-Key per
 * attempt, kept for a retry after an uncertain failure) or Decline (confirmed first).
 */
export function PayerPanel({
  code,
  amount,
  consumer,
  pay,
  onRefused,
}: {
  code: string;
  amount: number;
  consumer: Consumer;
  pay: ReturnType<typeof usePayPayLink>;
  onRefused: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const decline = useDeclinePayLink(code);
  const signOut = useSignOutConsumer();
  const [confirming, setConfirming] = useState(false);
  const declineButton = useRef<HTMLButtonElement>(null);
  // One key per payment attempt: a retry after a lost answer reuses it, so the server replays its
  // first answer instead of taking the money twice; any definite answer ends the attempt.
  const attemptKey = useRef<string | null>(null);
  const busy = pay.isPending || decline.isPending || signOut.isPending;

  const onActionError = (error: unknown) => {
    if (isUnauthorized(error)) queryClient.setQueryData(consumerSessionQueryKey, null);
    else if (isNotPayable(error)) onRefused(serverMessage(error, PAY_TEXTS.unavailable));
  };

  const sendPayment = () => {
    if (busy) return;
    const idempotencyKey = attemptKey.current ?? newIdempotencyKey();
    attemptKey.current = idempotencyKey;
    decline.reset();
    pay.mutate(
      { code, idempotencyKey },
      {
        onSuccess: () => {
          attemptKey.current = null;
        },
        onError: (error) => {
          if (!isUncertainPayment(error)) attemptKey.current = null;
          onActionError(error);
        },
      },
    );
  };

  const sendDecline = () => {
    pay.reset();
    decline.mutate(undefined, {
      onError: (error) => {
        setConfirming(false);
        onActionError(error);
      },
    });
  };

  const closeConfirm = () => {
    setConfirming(false);
    requestAnimationFrame(() => declineButton.current?.focus());
  };

  return (
    <Stack gap="md">
      <DetailRows
        rows={[
          { label: PAY_TEXTS.payingAs, value: consumer.display_name },
          { label: PAY_TEXTS.lynkId, value: consumer.lynk_id },
          { label: PAY_TEXTS.walletBalance, value: formatCents(consumer.balance) },
        ]}
      />
      {pay.isError && !isUnauthorized(pay.error) && !isNotPayable(pay.error) ? (
        <Alert color="red" variant="light" role="alert" radius="md">
          <Text size="sm">{payFailure(pay.error)}</Text>
        </Alert>
      ) : null}
      {decline.isError && !isUnauthorized(decline.error) && !isNotPayable(decline.error) ? (
        <ErrorState message={serverMessage(decline.error, PAY_TEXTS.somethingWentWrong)} />
      ) : null}
      <Button
        size="md"
        fullWidth
        loading={pay.isPending}
        disabled={busy && !pay.isPending}
        onClick={sendPayment}
      >
        {PAY_TEXTS.pay(formatCents(amount))}
      </Button>
      {confirming ? (
        <DeclineConfirm declining={decline.isPending} onConfirm={sendDecline} onCancel={closeConfirm} />
      ) : (
        <Button
          ref={declineButton}
          size="md"
          fullWidth
          variant="default"
          disabled={busy}
          onClick={() => setConfirming(true)}
        >
          {PAY_TEXTS.decline}
        </Button>
      )}
      <Divider />
      <Group gap={6} justify="center">
        <Text size="sm" c="dimmed">
          {PAY_TEXTS.notYou}
        </Text>
        <Anchor
          component="button"
          type="button"
          size="sm"
          fw={600}
          disabled={busy}
          onClick={() => signOut.mutate()}
        >
          {PAY_TEXTS.signOut}
        </Anchor>
      </Group>
      {signOut.isError ? (
        <ErrorState message={serverMessage(signOut.error, PAY_TEXTS.somethingWentWrong)} />
      ) : null}
    </Stack>
  );
}
