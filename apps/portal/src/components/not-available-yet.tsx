import { Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconHourglassEmpty } from '@tabler/icons-react';
import { NOT_AVAILABLE_TEXTS } from './texts';

/**
 * A pane whose feature has not landed in the portal yet says so plainly, rather than looking like
 * a list with nothing in it: "Orders are not available yet in this portal."
 */
export function NotAvailableYet({ what, testId }: { what: string; testId?: string }) {
  return (
    <Center py={48} px="md" data-testid={testId}>
      <Stack align="center" gap="sm" maw={420} ta="center" role="status">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
          <IconHourglassEmpty size={28} stroke={1.5} />
        </ThemeIcon>
        <Text fw={600}>{NOT_AVAILABLE_TEXTS.pane(what)}</Text>
      </Stack>
    </Center>
  );
}
