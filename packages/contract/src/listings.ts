import { z } from 'zod/mini';
import { PAGE_SIZE, SORT_PARAMS } from './constants.ts';

/** YYYY-MM-DD, the format every listing's date filter is sent in (spec section 9). */
export const apiDateSchema = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are sent as YYYY-MM-DD'),
  z.refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'Not a calendar date'),
);

export const MAX_PAGE_SIZE = 100;

/**
 * A whole number as a query string or path carries it: decimal digits only, so "1e1", "0x10",
 * " 5" and "" are refused rather than read as 10, 16, 5 and 0.
 */
export function wholeNumberParam(min: number, max: number) {
  // The nesting classic's `.transform().pipe()` built, so issues, paths and types are unchanged.
  return z.pipe(
    z.pipe(
      z.string().check(z.regex(/^\d{1,15}$/, 'Expected a whole number written in digits')),
      z.transform(Number),
    ),
    z.int().check(z.gte(min), z.lte(max)),
  );
}

/** `?offset=&limit=&sort=ASC|DESC&from_utc=&to_utc=` — the query every listing takes (spec section 7). */
export const listingQuerySchema = z
  .object({
    offset: z._default(wholeNumberParam(0, 10_000_000), 0),
    limit: z._default(wholeNumberParam(1, MAX_PAGE_SIZE), PAGE_SIZE),
    sort: z._default(
      z.pipe(
        z.pipe(
          z.string(),
          z.transform((s: string) => s.toUpperCase()),
        ),
        z.enum(SORT_PARAMS),
      ),
      'DESC',
    ),
    from_utc: z.optional(apiDateSchema),
    to_utc: z.optional(apiDateSchema),
  })
  .check(
    z.refine((q) => !q.from_utc || !q.to_utc || q.from_utc <= q.to_utc, {
      message: 'from_utc must not be after to_utc',
      path: ['from_utc'],
    }),
  );
export type ListingQuery = z.infer<typeof listingQuerySchema>;

export const listingMetaSchema = z.object({
  count: z.int(),
  limit: z.int(),
  offset: z.int(),
  total: z.int(),
});
export type ListingMeta = z.infer<typeof listingMetaSchema>;

/** `{ result: [...], meta_data: { count, limit, offset, total } }` */
export function listingResponseSchema<T extends z.core.$ZodType>(item: T) {
  return z.object({ result: z.array(item), meta_data: listingMetaSchema });
}
