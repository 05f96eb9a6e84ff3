import type { ListingMeta, ListingQuery } from '@lynk/contract/listings';
import { type QueryValue } from './api-client';

/** One page of a listing as the tables use it. */
export interface ListingPage<T> {
  rows: T[];
  total: number;
}

/** Spec section 7: "On any failure the result is empty." */
export const EMPTY_PAGE: ListingPage<never> = { rows: [], total: 0 };

/** Spec section 7: "If total is 0 but rows exist, count is used as the total." */
export function toListingPage<T>(response: { result: T[]; meta_data: ListingMeta }): ListingPage<T> {
  const { result, meta_data } = response;
  const total = meta_data.total === 0 && result.length > 0 ? meta_data.count : meta_data.total;
  return { rows: result, total };
}

/** `?offset=&limit=&sort=&from_utc=&to_utc=` (the dates only when filtered). */
export function listingSearch(query: ListingQuery): Record<string, QueryValue> {
  return {
    offset: query.offset,
    limit: query.limit,
    sort: query.sort,
    from_utc: query.from_utc,
    to_utc: query.to_utc,
  };
}
