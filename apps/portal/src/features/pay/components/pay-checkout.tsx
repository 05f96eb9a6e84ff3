import { Loader, Center } from '@mantine/core';
import { ErrorState } from '@/components/error-state';
import { useConsumerSession } from '../api/get-consumer-session';
import type { usePayPayLink } from '../api/pay-pay-link';
import { PAY_TEXTS } from '../texts';
import { ConsumerSignIn } from './consumer-sign-in';
import { PayerPanel } from './payer-panel';

/** A payable link: the customer signs in, then pays or declines. */
export function PayCheckout({
  code,
  amount,
  pay,
  onRefused,
}: {
  code: string;
  amount: number;
  pay: ReturnType<typeof usePayPayLink>;
  onRefused: (message: string) => void;
}) {
  const session = useConsumerSession();
  if (session.isPending) {
    return (
      <Center py="md" role="status" aria-label={PAY_TEXTS.loading}>
        <Loader color="lynk" type="dots" aria-hidden />
      </Center>
    );
  }
  if (session.isError) {
    return <ErrorState message={PAY_TEXTS.loadFailed} onRetry={() => void session.refetch()} />;
  }
  if (session.data === null) return <ConsumerSignIn />;
  return <PayerPanel code={code} amount={amount} consumer={session.data} pay={pay} onRefused={onRefused} />;
}
