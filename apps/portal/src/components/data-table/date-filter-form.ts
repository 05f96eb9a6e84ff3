import { formatDate, parseStrictDate, toApiDate, validateDateRange } from '@lynk/contract/dates';
import { z } from 'zod/mini';
import type { DateRange } from './use-listing-params';

/** The Filters modal's fields, as the user reads and types them: "DD/MM/YYYY". */
export interface DateFilterValues {
  start: string;
  end: string;
}

/**
 * Spec section 5, "Date filter", with the contract's rules and texts: both dates required, real
 * days, start not after end. The one message belongs to the pair; it is reported on `end`, the
 * field a user fills last, and the start field revalidates it (`deps`).
 */
export const dateFilterSchema = z.object({ start: z.string(), end: z.string() }).check(
  z.superRefine(({ start, end }, context) => {
    const result = validateDateRange(start, end);
    if (!result.ok) context.addIssue({ code: 'custom', message: result.message, path: ['end'] });
  }),
);

/**
 * Whether the user has reached the range's rule, so its message is news: they left a start they
 * typed, or began the end (typed, or picked on the calendar). Passing through the empty start
 * field (the modal puts the focus there) is not reaching it.
 */
export function rangeReached({
  touchedFields,
  dirtyFields,
}: {
  touchedFields: { start?: boolean; end?: boolean };
  dirtyFields: { start?: boolean; end?: boolean };
}): boolean {
  return Boolean((touchedFields.start && dirtyFields.start) || touchedFields.end || dirtyFields.end);
}

/** The applied range (YYYY-MM-DD for the URL and the API) from valid fields. */
export function toDateRange({ start, end }: DateFilterValues): DateRange | null {
  const result = validateDateRange(start, end);
  return result.ok ? { from: toApiDate(result.start), to: toApiDate(result.end) } : null;
}

/**
 * "YYYY-MM-DD" (the URL, the calendar) as "DD/MM/YYYY". Calendar dates are UTC midnights:
 * formatted in Jamaica time they would show the day before.
 */
export function toDisplayDate(apiDate: string | null): string {
  const date = apiDate ? parseStrictDate(apiDate, 'YYYY-MM-DD') : null;
  return date ? formatDate(date, 'DD/MM/YYYY', 'UTC') : '';
}

/** "DD/MM/YYYY" as the calendar's "YYYY-MM-DD", or null while it is not a whole, real day. */
export function toCalendarDate(displayDate: string): string | null {
  const date = parseStrictDate(displayDate, 'DD/MM/YYYY');
  return date ? toApiDate(date) : null;
}

/**
 * Slashes are put in as the user types digits, so "01112026" and "01/11/2026" both end up as
 * "01/11/2026" and a phone's number pad (which has no "/") is enough.
 */
export function maskDateInput(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 8);
  const parts = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 8)].filter(Boolean);
  return parts.join('/');
}
