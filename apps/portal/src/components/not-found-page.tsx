import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCompassOff } from '@tabler/icons-react';
import { NOT_FOUND_TEXTS } from './texts';

/**
 * Spec section 2, "Not-found page": the button leads back to the dashboard when the user is
 * signed in (permissions are loaded), otherwise to the login.
 */
export function NotFoundPage({ signedIn, onGoBack }: { signedIn: boolean; onGoBack: () => void }) {
  return (
    <Center component="main" mih="100dvh" p="xl">
      <Stack align="center" gap="lg" maw={460} ta="center">
        <ThemeIcon size={72} radius="xl" variant="light" color="lynk" aria-hidden>
          <IconCompassOff size={40} stroke={1.5} />
        </ThemeIcon>
        <Title order={1}>{NOT_FOUND_TEXTS.title}</Title>
        <Text c="dimmed">{NOT_FOUND_TEXTS.body}</Text>
        <Button size="md" onClick={onGoBack}>
          {signedIn ? NOT_FOUND_TEXTS.backToDashboard : NOT_FOUND_TEXTS.backToLogin}
        </Button>
      </Stack>
    </Center>
  );
}
