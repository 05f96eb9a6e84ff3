import { Stack, Title } from '@mantine/core';
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
    <section aria-labelledby={headingId} data-testid={testId}>
      <Stack gap="md">
        <Title order={3} id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </section>
  );
}
