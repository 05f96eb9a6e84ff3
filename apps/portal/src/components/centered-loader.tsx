import { Center, Loader, Stack, Text } from '@mantine/core';

/** A loader with a visible status text ("Loading...", "Redirecting..."), announced to screen readers. */
export function CenteredLoader({ label, fullPage = false }: { label: string; fullPage?: boolean }) {
  return (
    <Center mih={fullPage ? '100dvh' : 240} p="xl">
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader color="lynk" size="lg" type="dots" aria-hidden />
        <Text fw={500} c="dimmed">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
