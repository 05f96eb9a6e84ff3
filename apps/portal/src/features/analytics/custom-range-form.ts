import { toApiDate, validateDateRange } from '@lynk/contract/dates';
import { z } from 'zod/mini';
import type { DateFilterValues } from '@/components/data-table/date-filter-form';
import { validCustomRange, type AnalyticsRange } from './period';
import { ANALYTICS_TEXTS } from './texts';

/**
 * A custom period as typed or picked (DD/MM/YYYY): the date filter's rules and texts (both dates,
 * real days, in order, none after today in Jamaica) and the API's longest period. The message sits
 * on `end`, as in the Filters modal.
 */
export function customRangeSchema(today?: Date) {
  return z.object({ start: z.string(), end: z.string() }).check(
    z.superRefine(({ start, end }, context) => {
      const range = toCustomRange({ start, end }, today);
      if ('message' in range) context.addIssue({ code: 'custom', message: range.message, path: ['end'] });
    }),
  );
}

/** The range the page asks the API for, or why there is none. */
export function toCustomRange(values: DateFilterValues, today?: Date): AnalyticsRange | { message: string } {
  const result = validateDateRange(values.start, values.end, { noFuture: true, ...(today ? { today } : {}) });
  if (!result.ok) return { message: result.message };
  // Real days in order, by now: what the API may still refuse is the length.
  return (
    validCustomRange(toApiDate(result.start), toApiDate(result.end)) ?? { message: ANALYTICS_TEXTS.tooLong }
  );
}
