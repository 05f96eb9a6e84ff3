import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { LynkLogo } from '@/components/lynk-logo';
import { APP_TEXTS } from '../texts';

/** Placeholder used instead of the layout when the first path segment contains "wallet" (spec section 2). */
export function BuildingPage() {
  return (
    <Center component="main" mih="100dvh" p="xl">
      <Stack align="center" gap="lg">
        <LynkLogo height={36} />
        <ThemeIcon size={64} radius="xl" variant="light" color="lynk" aria-hidden>
          <IconTools size={32} stroke={1.5} />
        </ThemeIcon>
        <Title order={1}>{APP_TEXTS.building}</Title>
        <Text c="dimmed" size="sm" ta="center" maw={360}>
          {APP_TEXTS.buildingBody}
        </Text>
      </Stack>
    </Center>
  );
}
