import { formatDate, parseStrictDate } from '@lynk/contract/dates';
import { Pill } from '@mantine/core';
import { dateChip, TABLE_TEXTS } from './texts';
import type { DateRange } from './use-listing-params';

function display(apiDate: string): string {
  const date = parseStrictDate(apiDate, 'YYYY-MM-DD');
  return date ? formatDate(date, 'DD/MM/YYYY', 'UTC') : apiDate;
}

/** 'Date: "01/11/2026 to 23/11/2026"' with a button that removes the filter. */
export function DateFilterChip({ range, onRemove }: { range: DateRange; onRemove: () => void }) {
  return (
    <Pill
      size="md"
      withRemoveButton
      onRemove={onRemove}
      // Pill hides its remove button from the keyboard and screen readers (it expects PillsInput's
      // backspace); a filter chip stands alone, so the button must be reachable and named.
      removeButtonProps={{ 'aria-label': TABLE_TEXTS.removeDateFilter, tabIndex: 0, 'aria-hidden': false }}
      data-testid="date-filter-chip"
    >
      {dateChip(display(range.from), display(range.to))}
    </Pill>
  );
}
