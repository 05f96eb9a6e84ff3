import { Card, EmptyState } from '@mantine/core';
import { IconMoodEmpty } from '@tabler/icons-react';

/** A list with nothing in it says so: the data table's and the notifications list's empty state. */
export function EmptyCard({
  title,
  body,
  testId,
}: {
  title: string;
  body?: string | undefined;
  testId: string;
}) {
  return (
    <Card withBorder radius="md" py="xl">
      <EmptyState
        icon={<IconMoodEmpty size={28} aria-hidden />}
        withIndicatorBackground
        title={title}
        description={body}
        data-testid={testId}
      />
    </Card>
  );
}
