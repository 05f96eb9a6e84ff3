import { formatCents } from '@lynk/contract/money';
import type { PayLink } from '@lynk/contract/orders';
import type { OrderStatus } from '@lynk/contract/statuses';
import { Badge, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { PAY_STATUS_LABELS, PAY_TEXTS } from '../texts';

/** Light badges with text deep enough for 4.5:1 on their tint. */
const STATUS_STYLE: Record<OrderStatus, { color: string; text: string }> = {
  RECEIVED: { color: 'yellow', text: '#6d4c00' },
  PAID: { color: 'green', text: '#1b5e20' },
  PENDING_REFUND: { color: 'green', text: '#1b5e20' },
  REFUNDED: { color: 'green', text: '#1b5e20' },
  REJECTED: { color: 'red', text: 'red.9' },
  EXPIRED: { color: 'gray', text: 'gray.9' },
  FAILED: { color: 'red', text: 'red.9' },
};

/** The request itself: who asks, how much, for what, and where it stands. */
export function PayLinkSummary({ link, status }: { link: PayLink; status: OrderStatus }) {
  const style = STATUS_STYLE[status];
  return (
    <Stack gap="xs" ta="center" align="center">
      <Text size="sm" c="dimmed">
        {PAY_TEXTS.requestedBy}
      </Text>
      <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
        {link.merchant_name}
      </Title>
      <Text component="p" m={0} fz={{ base: 32, sm: 40 }} fw={800} lh={1.15} data-testid="pay-amount">
        <VisuallyHidden>{`${PAY_TEXTS.amount}: `}</VisuallyHidden>
        {formatCents(link.amount_to_pay)}
      </Text>
      {link.description ? (
        <Text size="md" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
          <VisuallyHidden>{`${PAY_TEXTS.note}: `}</VisuallyHidden>
          {link.description}
        </Text>
      ) : null}
      <Group gap={6} justify="center">
        <Text size="sm" c="dimmed" component="span">
          {PAY_TEXTS.status}
        </Text>
        <Badge variant="light" color={style.color} c={style.text} radius="sm" tt="none" data-status={status}>
          {PAY_STATUS_LABELS[status]}
        </Badge>
      </Group>
    </Stack>
  );
}
