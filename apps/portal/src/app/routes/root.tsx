import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { resolvePathTarget } from '@/lib/location-org';
import { BuildingPage } from './building';
import { NotFoundRoute } from './not-found';

/** Route `handle` marking a catch-all: such a path is answered with the not-found page, signed in or not. */
export interface RouteHandle {
  notFound?: boolean;
}

function isNotFoundHandle(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && (handle as RouteHandle).notFound === true;
}

/**
 * Decides what kind of page a URL is before anything asks for a session: the "Building!"
 * placeholder (first segment contains "wallet"), the not-found page (an unknown path), or a page of
 * the portal (guarded below).
 */
export function RootRoute() {
  const location = useLocation();
  const matches = useMatches();
  const target = resolvePathTarget(location.pathname, location.search);

  let page;
  if (target.kind === 'building') page = <BuildingPage />;
  else if (target.kind === 'not-found' || matches.some((match) => isNotFoundHandle(match.handle))) {
    page = <NotFoundRoute />;
  } else page = <Outlet />;

  return (
    <>
      <ScrollRestoration />
      {page}
    </>
  );
}
