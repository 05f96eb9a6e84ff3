import { Accordion, Alert, Anchor, Group, List, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconClock, IconMail, IconShieldLock, IconWorld, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/page-header';
import { PaneSection } from '@/components/pane-section';
import { useOrganization } from '@/lib/organization';
import { SUPPORT_FAQ, SUPPORT_TEXTS } from '../texts';

function ContactLine({
  icon: LineIcon,
  label,
  children,
}: {
  icon: Icon;
  label: string;
  children: ReactNode;
}) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" color="lynk" size="lg" radius="md" aria-hidden>
        <LineIcon size={20} />
      </ThemeIcon>
      <div>
        <Text size="xs" tt="uppercase" fw={600} c="dimmed" lts={0.4}>
          {label}
        </Text>
        {children}
      </div>
    </Group>
  );
}

/** Customer Support: how to reach Lynk's merchant support team, and answers to common questions. */
export function SupportPage() {
  const { profile } = useOrganization();
  const subject = profile ? SUPPORT_TEXTS.emailSubject(profile.name, profile.username) : '';
  const mailto = `mailto:${SUPPORT_TEXTS.email}${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`;

  return (
    <div data-testid="support-page">
      <PageHeader title={SUPPORT_TEXTS.title} />
      <Stack gap="lg" maw={880}>
        <Text>{SUPPORT_TEXTS.intro}</Text>
        <PaneSection title={SUPPORT_TEXTS.contactTitle}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Stack gap="md">
              <ContactLine icon={IconMail} label={SUPPORT_TEXTS.emailLabel}>
                <Anchor href={mailto} fw={600}>
                  {SUPPORT_TEXTS.email}
                </Anchor>
              </ContactLine>
              <ContactLine icon={IconWorld} label={SUPPORT_TEXTS.websiteLabel}>
                <Anchor href={SUPPORT_TEXTS.website} target="_blank" rel="noopener noreferrer" fw={600}>
                  lynk.us
                </Anchor>
              </ContactLine>
              <ContactLine icon={IconClock} label={SUPPORT_TEXTS.hoursLabel}>
                <Text size="sm">{SUPPORT_TEXTS.hours}</Text>
              </ContactLine>
            </Stack>
            <Stack gap="xs">
              <Text fw={600} size="sm">
                {SUPPORT_TEXTS.includeTitle}
              </Text>
              <List size="sm" spacing={4}>
                {SUPPORT_TEXTS.include.map((line) => (
                  <List.Item key={line}>{line}</List.Item>
                ))}
              </List>
              {profile ? (
                <dl style={{ margin: 0 }} data-testid="support-details">
                  <Text component="dt" size="xs" tt="uppercase" fw={600} c="dimmed" lts={0.4} mt="xs">
                    {SUPPORT_TEXTS.merchant}
                  </Text>
                  <Text component="dd" m={0} size="sm">
                    {profile.name}
                  </Text>
                  <Text component="dt" size="xs" tt="uppercase" fw={600} c="dimmed" lts={0.4} mt="xs">
                    {SUPPORT_TEXTS.walletId}
                  </Text>
                  <Text component="dd" m={0} size="sm">
                    {profile.username}
                  </Text>
                </dl>
              ) : null}
            </Stack>
          </SimpleGrid>
        </PaneSection>
        <Alert
          variant="light"
          color="yellow"
          radius="md"
          title={SUPPORT_TEXTS.urgentTitle}
          icon={<IconShieldLock aria-hidden />}
          // Mantine's yellow title is 2:1 on its light background; the page's text colour reads.
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
        >
          {SUPPORT_TEXTS.urgent}
        </Alert>
        <PaneSection title={SUPPORT_TEXTS.faqTitle}>
          <Accordion variant="separated" radius="md" chevronPosition="right">
            {/* Values become element ids: an index, as a question's spaces and "?" make invalid ones. */}
            {SUPPORT_FAQ.map((entry, index) => (
              <Accordion.Item key={entry.question} value={`faq-${index}`}>
                <Accordion.Control>{entry.question}</Accordion.Control>
                <Accordion.Panel>
                  <Text size="sm">{entry.answer}</Text>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </PaneSection>
      </Stack>
    </div>
  );
}
