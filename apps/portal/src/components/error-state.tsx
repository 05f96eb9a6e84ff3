import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ERROR_STATE_TEXTS } from './texts';

/** A failed load, with a way to try again. */
export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert" radius="md">
      <Group justify="space-between" gap="md" wrap="wrap">
        <Text size="sm">{message}</Text>
        {onRetry ? (
          <Button size="xs" color="red.9" onClick={onRetry}>
            {ERROR_STATE_TEXTS.tryAgain}
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}
