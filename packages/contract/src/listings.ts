import { z } from 'zod';
import { PAGE_SIZE, SORT_PARAMS } from './constants.ts';

/** YYYY-MM-DD, the format every listing's date filter is sent in (spec section 9). */
export const apiDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are sent as YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'Not a calendar date');

export const MAX_PAGE_SIZE = 100;

/**
 * A whole number as a query string or path carries it: decimal digits only, so "1e1", "0x10",
 * " 5" and "" are refused rather than read as 10, 16, 5 and 0.
 */
export function wholeNumberParam(min: number, max: number) {
  return z
    .string()
    .regex(/^\d{1,15}$/, 'Expected a whole number written in digits')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}

/** `?offset=&limit=&sort=ASC|DESC&from_utc=&to_utc=` — the query every listing takes (spec section 7). */
export const listingQuerySchema = z
  .object({
    offset: wholeNumberParam(0, 10_000_000).default(0),
    limit: wholeNumberParam(1, MAX_PAGE_SIZE).default(PAGE_SIZE),
    sort: z
      .string()
      .transform((s) => s.toUpperCase())
      .pipe(z.enum(SORT_PARAMS))
      .default('DESC'),
    from_utc: apiDateSchema.optional(),
    to_utc: apiDateSchema.optional(),
  })
  .refine((q) => !q.from_utc || !q.to_utc || q.from_utc <= q.to_utc, {
    message: 'from_utc must not be after to_utc',
    path: ['from_utc'],
  });
export type ListingQuery = z.infer<typeof listingQuerySchema>;

export const listingMetaSchema = z.object({
  count: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  total: z.number().int(),
});
export type ListingMeta = z.infer<typeof listingMetaSchema>;

/** `{ result: [...], meta_data: { count, limit, offset, total } }` */
export function listingResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ result: z.array(item), meta_data: listingMetaSchema });
}
