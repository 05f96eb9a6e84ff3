import { toApiDate, validateDateRange } from '@lynk/contract/dates';
import {
  BACKGROUND_EXPORT_SOURCES,
  type BackgroundExportRequest,
  type BackgroundExportSource,
} from '@lynk/contract/reporting';
import { z } from 'zod/mini';

/** The "Export all" modal's fields: a listing, and every date or a range typed DD/MM/YYYY. */
export interface ExportAllFormValues {
  source: BackgroundExportSource;
  scope: 'everything' | 'between';
  start: string;
  end: string;
}

/**
 * The listing and, between two dates, the date range's rules but its length (any range): both
 * dates, real days, start not after end, no future date. Its message sits on `end`.
 */
export function exportAllFormSchema(today?: Date) {
  return z
    .object({
      source: z.enum(BACKGROUND_EXPORT_SOURCES),
      scope: z.enum(['everything', 'between']),
      start: z.string(),
      end: z.string(),
    })
    .check(
      z.superRefine(({ scope, start, end }, context) => {
        if (scope === 'everything') return;
        const range = validateDateRange(start, end, { noFuture: true, ...(today ? { today } : {}) });
        if (!range.ok) context.addIssue({ code: 'custom', message: range.message, path: ['end'] });
      }),
    );
}

/** The request of valid fields: dates as YYYY-MM-DD, none for every date. */
export function toExportAllRequest(values: ExportAllFormValues): BackgroundExportRequest | null {
  if (values.scope === 'everything') return { source: values.source };
  const range = validateDateRange(values.start, values.end);
  if (!range.ok) return null;
  return { source: values.source, start: toApiDate(range.start), end: toApiDate(range.end) };
}
