import { ActionIcon, Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  /** Omitted for the current page. */
  to?: string;
}

/** A page's breadcrumbs, optional back arrow, title and actions. */
export function PageHeader({
  title,
  breadcrumbs,
  back,
  actions,
}: {
  title: string;
  breadcrumbs?: readonly Crumb[];
  back?: { to: string; label: string };
  actions?: ReactNode;
}) {
  return (
    <Stack gap="xs" mb="lg">
      {breadcrumbs && breadcrumbs.length > 0 ? (
        <nav aria-label="Breadcrumbs">
          <Breadcrumbs separatorMargin={6}>
            {breadcrumbs.map((crumb) =>
              crumb.to ? (
                <Anchor key={crumb.label} component={Link} to={crumb.to} size="sm" fw={500}>
                  {crumb.label}
                </Anchor>
              ) : (
                <Text key={crumb.label} size="sm" c="dimmed" aria-current="page">
                  {crumb.label}
                </Text>
              ),
            )}
          </Breadcrumbs>
        </nav>
      ) : null}
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          {back ? (
            <ActionIcon
              component={Link}
              to={back.to}
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={back.label}
            >
              <IconArrowLeft size={20} aria-hidden />
            </ActionIcon>
          ) : null}
          <Title order={2} size="h3">
            {title}
          </Title>
        </Group>
        {actions ? <Group gap="sm">{actions}</Group> : null}
      </Group>
    </Stack>
  );
}
