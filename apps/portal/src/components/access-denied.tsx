import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { ACCESS_DENIED_TEXTS } from './texts';

/**
 * Shown instead of page content when the user's permission set does not allow it (spec section 2:
 * "You don't have permissions to view this page."). As the whole page (`page`) its title is the
 * page's one h1; inside a page it is a section under that page's h1.
 */
export function AccessDenied({ page = false }: { page?: boolean }) {
  return (
    <Center py={64} px="md">
      <Stack align="center" gap="md" maw={420} ta="center" data-testid="access-denied">
        <ThemeIcon size={64} radius="xl" variant="light" color="lynk" aria-hidden>
          <IconLock size={32} stroke={1.5} />
        </ThemeIcon>
        <Title order={page ? 1 : 2} size="h3">
          {ACCESS_DENIED_TEXTS.title}
        </Title>
        <Text c="dimmed">{ACCESS_DENIED_TEXTS.body}</Text>
      </Stack>
    </Center>
  );
}
