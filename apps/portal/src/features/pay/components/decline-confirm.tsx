import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { PAY_TEXTS } from '../texts';

/**
 * Decline asks first, in place (the pay page has no modal host): the question takes the focus, and
 * "Keep it" gives it back to the Decline button.
 */
export function DeclineConfirm({
  declining,
  onConfirm,
  onCancel,
}: {
  declining: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const questionRef = useRef<HTMLDivElement>(null);
  useEffect(() => questionRef.current?.focus(), []);

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      role="group"
      aria-labelledby="pay-decline-question"
      bg="var(--mantine-color-red-0)"
    >
      <Stack gap="sm">
        <Text id="pay-decline-question" size="sm" fw={500} ref={questionRef} tabIndex={-1}>
          {PAY_TEXTS.confirmDecline}
        </Text>
        <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap">
          <Button color="red.9" loading={declining} onClick={onConfirm}>
            {PAY_TEXTS.confirmDeclineAction}
          </Button>
          <Button variant="default" disabled={declining} onClick={onCancel}>
            {PAY_TEXTS.keepRequest}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
