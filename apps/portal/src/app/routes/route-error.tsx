import { Button, Center, Stack, Title } from '@mantine/core';
import { useRouteError } from 'react-router';
import { LynkLogo } from '@/components/lynk-logo';
import { APP_TEXTS } from '../texts';

/** Last line of defence: an error thrown while rendering a page (for example a chunk that failed to load). */
export function RouteError() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <Center component="main" mih="100dvh" p="xl">
      <Stack align="center" gap="md" ta="center" maw={420}>
        <LynkLogo height={32} />
        <Title order={1} size="h3">
          {APP_TEXTS.unexpected}
        </Title>
        <Button onClick={() => window.location.reload()}>{APP_TEXTS.reload}</Button>
      </Stack>
    </Center>
  );
}
