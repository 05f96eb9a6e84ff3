import { Anchor, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { PageHeader } from '@/components/page-header';
import { SUPPORT_TEXTS } from '../texts';

/** Customer Support: how to reach Lynk's merchant support team. */
export function SupportPage() {
  return (
    <div data-testid="support-page">
      <PageHeader title={SUPPORT_TEXTS.title} />
      <Card withBorder radius="md" padding="lg" maw={640}>
        <Stack gap="lg">
          <Text>{SUPPORT_TEXTS.intro}</Text>
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" color="lynk" size="lg" radius="md" aria-hidden>
              <IconMail size={20} />
            </ThemeIcon>
            <div>
              <Text size="xs" tt="uppercase" fw={600} c="dimmed" lts={0.4}>
                {SUPPORT_TEXTS.emailLabel}
              </Text>
              <Anchor href={`mailto:${SUPPORT_TEXTS.email}`} fw={600}>
                {SUPPORT_TEXTS.email}
              </Anchor>
            </div>
          </Group>
        </Stack>
      </Card>
    </div>
  );
}
