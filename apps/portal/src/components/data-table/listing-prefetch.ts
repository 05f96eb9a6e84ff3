import type { ListingQuery } from '@lynk/contract/listings';
import type { QueryClient } from '@tanstack/react-query';
import { listingQueryFromSearch } from './use-listing-params';

/**
 * What the router knows when a table's page matches the URL, before the page renders: enough for
 * the pane to ask for the page of rows it will show first (its `prefetchFirstPage`), so that the
 * request leaves with the page's code instead of after the first render.
 */
export interface ListingPrefetch {
  client: QueryClient;
  orgId: string;
  search: URLSearchParams;
  smartphone: boolean;
}

/** The query the pane's table will ask for first (what useListingParams reads from the same URL). */
export function firstListingQuery({ search, smartphone }: ListingPrefetch, pageSize?: number): ListingQuery {
  return listingQueryFromSearch(search, smartphone, pageSize);
}
