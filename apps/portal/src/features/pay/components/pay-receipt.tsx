import { formatCents } from '@lynk/contract/money';
import type { PayLink } from '@lynk/contract/orders';
import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { DetailRows } from '@/components/detail-rows';
import { formatTimestamp } from '@/lib/format';
import { PAY_TEXTS } from '../texts';

/** What the customer keeps once paid: merchant, amount, the payment reference and when. */
export function PayReceipt({ receipt }: { receipt: PayLink }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The buttons that had the focus are gone: the receipt's heading takes it, and is read out.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <Stack gap="md" data-testid="pay-receipt">
      <Stack gap="xs" align="center" ta="center">
        <ThemeIcon size={56} radius="xl" color="green.8" variant="filled" aria-hidden>
          <IconCheck size={32} stroke={2.4} />
        </ThemeIcon>
        <Title order={2} size="h3" ref={headingRef} tabIndex={-1}>
          {PAY_TEXTS.receiptHeading}
        </Title>
        <Text size="sm" c="dimmed">
          {PAY_TEXTS.receiptBody}
        </Text>
      </Stack>
      <DetailRows
        rows={[
          { label: PAY_TEXTS.merchant, value: receipt.merchant_name },
          { label: PAY_TEXTS.amount, value: formatCents(receipt.amount_to_pay) },
          { label: PAY_TEXTS.reference, value: receipt.transfer_id ?? '—' },
          { label: PAY_TEXTS.paidAt, value: receipt.paid_at ? formatTimestamp(receipt.paid_at) : '—' },
        ]}
      />
    </Stack>
  );
}
