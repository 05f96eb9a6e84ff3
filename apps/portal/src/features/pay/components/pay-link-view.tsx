import type { PayLink } from '@lynk/contract/orders';
import { Alert, Divider, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { payLinkQueryKey } from '../api/get-pay-link';
import { usePayPayLink } from '../api/pay-pay-link';
import { closedLinkMessage } from '../texts';
import { PayCheckout } from './pay-checkout';
import { PayLinkSummary } from './pay-link-summary';
import { PayReceipt } from './pay-receipt';

/**
 * A link that exists: its summary, then the receipt (paid here), why it cannot be paid (a refused
 * action's own message, or its status), or the way to pay it.
 */
export function PayLinkView({ code, link }: { code: string; link: PayLink }) {
  const queryClient = useQueryClient();
  const pay = usePayPayLink(code);
  const [refusal, setRefusal] = useState<string | null>(null);
  const receipt = pay.data ?? null;
  // While a payment is on its way the link may already read PAID: the receipt follows.
  const closed = receipt || pay.isPending ? null : (refusal ?? closedLinkMessage(link.status));

  const onRefused = (message: string) => {
    setRefusal(message);
    void queryClient.invalidateQueries({ queryKey: payLinkQueryKey(code) });
  };

  return (
    <Stack gap="lg">
      <PayLinkSummary link={receipt ?? link} status={receipt?.status ?? link.status} />
      <Divider />
      {receipt ? (
        <PayReceipt receipt={receipt} />
      ) : closed ? (
        <Alert color="gray" variant="light" radius="md" role="status" data-testid="pay-closed">
          <Text fw={600}>{closed}</Text>
        </Alert>
      ) : (
        <PayCheckout code={code} amount={link.amount_to_pay} pay={pay} onRefused={onRefused} />
      )}
    </Stack>
  );
}
