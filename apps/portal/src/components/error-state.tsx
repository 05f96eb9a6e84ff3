import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ERROR_STATE_TEXTS } from './texts';

/** A failed load, with a way to try again, or a failure with what to do next (`children`, e.g. a link). */
export function ErrorState({
  message,
  onRetry,
  children,
}: {
  message: string;
  onRetry?: () => void;
  children?: ReactNode;
}) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert" radius="md">
      <Group justify="space-between" gap="md" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm">{message}</Text>
          {children}
        </Stack>
        {onRetry ? (
          <Button size="xs" color="red.9" onClick={onRetry}>
            {ERROR_STATE_TEXTS.tryAgain}
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}
