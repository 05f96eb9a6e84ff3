import { Group, Pagination, Text } from '@mantine/core';
import { showingEntries, TABLE_TEXTS } from './data-table/texts';

/** "Showing a-b of n entries" with page controls. `page` is 1-based. */
export function TableFooter({
  page,
  pageSize,
  total,
  onPageChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
}) {
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Group justify="space-between" gap="sm" mt="md" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {showingEntries(from, to, total)}
      </Text>
      <Pagination
        total={pages}
        value={page}
        onChange={onPageChange}
        size="sm"
        hideWithOnePage
        getControlProps={(control) => {
          if (control === 'previous') return { 'aria-label': TABLE_TEXTS.previousPage };
          if (control === 'next') return { 'aria-label': TABLE_TEXTS.nextPage };
          return {};
        }}
      />
    </Group>
  );
}
