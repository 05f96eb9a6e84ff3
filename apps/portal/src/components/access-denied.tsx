import { Center, Stack, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { ACCESS_DENIED_TEXT } from '@/lib/texts';

/** Shown instead of page content when the user's permission set does not allow it. */
export function AccessDenied() {
  return (
    <Center py={64} px="md">
      <Stack align="center" gap="md" maw={420} ta="center" data-testid="access-denied">
        <ThemeIcon size={64} radius="xl" variant="light" color="lynk" aria-hidden>
          <IconLock size={32} stroke={1.5} />
        </ThemeIcon>
        <Title order={2} size="h4">
          {ACCESS_DENIED_TEXT}
        </Title>
      </Stack>
    </Center>
  );
}
