import { formatCents } from '@lynk/contract/money';
import { ActionIcon, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useId } from 'react';
import { BALANCE_TEXTS } from './texts';

/**
 * A balance behind an eye toggle (spec section 4, "Balance widget"): hidden it shows "J$ ****";
 * revealing it is what loads the balance, so an unattended screen shows no amount.
 */
export function BalanceCard({
  title,
  revealed,
  onToggle,
  balance,
  loading = false,
  mini = false,
  testId,
}: {
  title: string;
  revealed: boolean;
  onToggle: () => void;
  /**
   * Cents (a bigint for sums across accounts); read only while revealed. `undefined` is still
   * loading, `null` is withheld by the server (shown as a dash).
   */
  balance: number | bigint | null | undefined;
  loading?: boolean;
  /** The smartphone's one-line view instead of the carousel card. */
  mini?: boolean;
  testId?: string;
}) {
  const titleId = useId();
  const amount = !revealed ? (
    BALANCE_TEXTS.masked
  ) : loading || balance === undefined ? (
    <Skeleton height={mini ? 18 : 26} width={120} radius="sm" />
  ) : balance === null ? (
    BALANCE_TEXTS.noValue
  ) : (
    formatCents(balance)
  );

  const toggle = (
    <ActionIcon
      variant="subtle"
      size="lg"
      onClick={onToggle}
      aria-label={revealed ? BALANCE_TEXTS.hideBalance : BALANCE_TEXTS.showBalance}
      aria-pressed={revealed}
    >
      {revealed ? <IconEyeOff size={20} aria-hidden /> : <IconEye size={20} aria-hidden />}
    </ActionIcon>
  );

  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      withBorder
      radius="md"
      padding={mini ? 'sm' : 'lg'}
      h="100%"
      data-testid={testId}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm" align={mini ? 'center' : 'flex-start'}>
        <Stack gap={mini ? 0 : 'xs'} miw={0}>
          <Text id={titleId} size={mini ? 'xs' : 'sm'} fw={600} c="dimmed" tt="uppercase" lts={0.4}>
            {title}
          </Text>
          <Text
            component="div"
            fz={mini ? 'lg' : 28}
            fw={700}
            aria-live="polite"
            aria-busy={revealed && loading ? true : undefined}
            data-testid="balance-amount"
          >
            {amount}
          </Text>
        </Stack>
        {toggle}
      </Group>
    </Card>
  );
}
