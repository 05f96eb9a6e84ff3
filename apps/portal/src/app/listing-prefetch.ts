import { can, type GateKey } from '@lynk/contract/permissions';
import { DEFAULT_THEME } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import type { ListingPrefetch } from '@/components/data-table/listing-prefetch';
import { sessionQueryOptions } from '@/features/auth/api/get-session';
import { isSmartphoneScreen } from '@/lib/use-smartphone';
import { theme } from './theme';

/** The layout the portal renders now: a smartphone's shows fewer rows per page. */
const isSmartphoneViewport = () => isSmartphoneScreen(theme.breakpoints?.sm ?? DEFAULT_THEME.breakpoints.sm);

/**
 * Asks for a table's first page of rows as soon as its route matches the URL, once the session is
 * known and if the user may see it, rather than after the table first renders (on a phone that
 * render is a few hundred milliseconds of main thread the request no longer waits for).
 */
export function listingPrefetch<Module>(
  queryClient: QueryClient,
  gate: GateKey | null,
  prefetch: (module: Module, context: ListingPrefetch) => Promise<void>,
) {
  return async (module: Module, url: URL) => {
    // The server renders no table (it is the browser's after the takeover) and has no screen to
    // size a page for.
    if (typeof window === 'undefined') return;
    await queryClient
      .fetchQuery(sessionQueryOptions())
      .then((session) => {
        if (gate && !can(session.permissions, session.role, gate)) return;
        const context = { client: queryClient, orgId: session.org_id, search: url.searchParams };
        return prefetch(module, { ...context, smartphone: isSmartphoneViewport() });
      })
      // Not signed in, or the session could not be read: AuthGuard deals with it.
      .catch(() => undefined);
  };
}
