import { PAGE_SIZE, PAGE_SIZE_SMARTPHONE } from '@lynk/contract/constants';
import { parseStrictDate } from '@lynk/contract/dates';
import type { ListingQuery } from '@lynk/contract/listings';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useIsSmartphone } from '@/lib/use-smartphone';

/**
 * A table's view lives in the URL (`?from=2026-11-01&to=2026-11-23&sort=ASC&page=2`) so it can be
 * shared and survives a reload. Anything unreadable in the URL falls back to the default instead of
 * failing the page: a hand-edited link still opens.
 */
export const LISTING_PARAMS = { from: 'from', to: 'to', sort: 'sort', page: 'page' } as const;

export type SortOrder = 'ASC' | 'DESC';

export interface DateRange {
  /** YYYY-MM-DD */
  from: string;
  /** YYYY-MM-DD */
  to: string;
}

export interface ListingParams {
  /** 1-based. */
  page: number;
  pageSize: number;
  sort: SortOrder;
  dateRange: DateRange | null;
  query: ListingQuery;
  /** `replace` corrects the URL in place (no new history entry), as for a page past the end. */
  setPage: (page: number, options?: { replace?: boolean }) => void;
  /** The date column's order; a new order starts again on the first page. */
  setSort: (sort: SortOrder) => void;
  setDateRange: (range: DateRange) => void;
  clearDateRange: () => void;
}

/** A page far beyond any real listing is a typo; the contract caps offsets at ten million. */
const MAX_PAGE = 100_000;

function readPage(raw: string | null): number {
  if (!raw || !/^[0-9]{1,6}$/.test(raw)) return 1;
  const page = Number(raw);
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}

function readSort(raw: string | null): SortOrder {
  return raw?.toUpperCase() === 'ASC' ? 'ASC' : 'DESC';
}

/** Both ends must be real YYYY-MM-DD days in order; half a range is no filter at all. */
export function readDateRange(from: string | null, to: string | null): DateRange | null {
  if (!from || !to) return null;
  if (!parseStrictDate(from, 'YYYY-MM-DD') || !parseStrictDate(to, 'YYYY-MM-DD')) return null;
  return from <= to ? { from, to } : null;
}

export function listingQuery(
  page: number,
  pageSize: number,
  sort: SortOrder,
  dateRange: DateRange | null,
): ListingQuery {
  const query: ListingQuery = { offset: (page - 1) * pageSize, limit: pageSize, sort };
  if (dateRange) {
    query.from_utc = dateRange.from;
    query.to_utc = dateRange.to;
  }
  return query;
}

/** Rows per page: the spec's 25, 10 on a smartphone, unless a table has a size of its own. */
function pageSizeFor(smartphone: boolean, fixed: number | undefined): number {
  return fixed ?? (smartphone ? PAGE_SIZE_SMARTPHONE : PAGE_SIZE);
}

/** The query a table asks for, read from its page's URL as useListingParams reads it. */
export function listingQueryFromSearch(
  search: URLSearchParams,
  smartphone: boolean,
  pageSize?: number,
): ListingQuery {
  return listingQuery(
    readPage(search.get(LISTING_PARAMS.page)),
    pageSizeFor(smartphone, pageSize),
    readSort(search.get(LISTING_PARAMS.sort)),
    readDateRange(search.get(LISTING_PARAMS.from), search.get(LISTING_PARAMS.to)),
  );
}

/** `pageSize`: a table's own number of rows a page on every screen (the notifications' 10). */
export function useListingParams({ pageSize: fixedPageSize }: { pageSize?: number } = {}): ListingParams {
  const [searchParams, setSearchParams] = useSearchParams();
  const pageSize = pageSizeFor(useIsSmartphone(), fixedPageSize);
  const page = readPage(searchParams.get(LISTING_PARAMS.page));
  const sort = readSort(searchParams.get(LISTING_PARAMS.sort));
  const fromParam = searchParams.get(LISTING_PARAMS.from);
  const toParam = searchParams.get(LISTING_PARAMS.to);
  const dateRange = readDateRange(fromParam, toParam);

  // Functional updates keep any other parameter of the page (parent_org_id, for one).
  const update = useCallback(
    (change: (params: URLSearchParams) => void, { replace = false }: { replace?: boolean } = {}) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          change(next);
          return next;
        },
        { replace },
      ),
    [setSearchParams],
  );

  const setPage = useCallback(
    (next: number, options?: { replace?: boolean }) =>
      update((params) => {
        if (next <= 1) params.delete(LISTING_PARAMS.page);
        else params.set(LISTING_PARAMS.page, String(Math.min(next, MAX_PAGE)));
      }, options),
    [update],
  );

  // A new sort or filter changes what page 2 means: both start again on the first page.
  const setSort = useCallback(
    (next: SortOrder) =>
      update((params) => {
        params.set(LISTING_PARAMS.sort, next);
        params.delete(LISTING_PARAMS.page);
      }),
    [update],
  );

  const setDateRange = useCallback(
    (range: DateRange) =>
      update((params) => {
        params.set(LISTING_PARAMS.from, range.from);
        params.set(LISTING_PARAMS.to, range.to);
        params.delete(LISTING_PARAMS.page);
      }),
    [update],
  );

  const clearDateRange = useCallback(
    () =>
      update((params) => {
        params.delete(LISTING_PARAMS.from);
        params.delete(LISTING_PARAMS.to);
        params.delete(LISTING_PARAMS.page);
      }),
    [update],
  );

  const query = listingQuery(page, pageSize, sort, dateRange);

  return { page, pageSize, sort, dateRange, query, setPage, setSort, setDateRange, clearDateRange };
}
