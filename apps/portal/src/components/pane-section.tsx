import { Card, Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** A titled region of a page (a tab pane, a card of the dashboard). */
export function PaneSection({
  title,
  children,
  testId,
}: {
  title: string;
  children?: ReactNode;
  testId?: string;
}) {
  const headingId = useId();
  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      data-testid={testId}
      withBorder
      radius="md"
      padding="lg"
    >
      <Stack gap="md">
        <Title order={3} size="h4" id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
