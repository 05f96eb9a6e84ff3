import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import type { SortDirection } from '@tanstack/react-table';

/** The arrow beside the sorted column's name: up for oldest first, down for newest first. */
export function SortIcon({ direction }: { direction: SortDirection | false }) {
  return direction === 'asc' ? (
    <IconArrowUp size={14} aria-hidden />
  ) : (
    <IconArrowDown size={14} aria-hidden />
  );
}
