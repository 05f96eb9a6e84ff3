import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { CenteredLoader } from '@/components/centered-loader';
import { useHydrated } from '@/lib/use-hydrated';
import { APP_TEXTS } from './texts';

/**
 * `React.lazy` for a named export (the codebase has no default exports): a part loaded when it is
 * first shown, such as a modal or a host: `lazyPage(() => import('./x').then((m) => m.X))`.
 */
export function lazyPage<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): LazyExoticComponent<ComponentType<Props>> {
  return lazy(async () => ({ default: await load() }));
}

/**
 * A route whose page is its own chunk. The router downloads the chunks of every route a URL
 * matches at once, before it renders, instead of one level after the other as nested
 * `React.lazy` pages would (a page load's longest chain of requests):
 * `...lazyRoute(() => import('./x'), (m) => <m.X prop="a" />)`.
 *
 * - `prefetch` runs each time the route matches a URL, once its chunk is in, without holding up the
 *   render: a page asks for its data there, with its code, rather than after it first renders.
 * - `renderWhenLoaded`: the route's chunk still starts downloading with the others, but the pages
 *   around it render without waiting for it, and it shows in its parent's `Suspense` when it
 *   arrives. For a part below the fold of its page (a tab's table): the page's heading paints
 *   sooner and the first render is two shorter tasks, not one long one. The page the server
 *   renders (ADR 038) shows the loader in its place: a table's rows per page follow the screen,
 *   which only the browser knows.
 */
export function lazyRoute<Module>(
  load: () => Promise<Module>,
  render: (module: Module) => ReactNode,
  options: { prefetch?: (module: Module, url: URL) => void; renderWhenLoaded?: boolean } = {},
): Pick<RouteObject, 'lazy' | 'loader' | 'element'> {
  const { prefetch, renderWhenLoaded = false } = options;
  const loader = ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const loading = load();
    if (prefetch) void loading.then((module) => prefetch(module, url));
    return null;
  };
  if (renderWhenLoaded) {
    const Page = lazy(async () => {
      const module = await load();
      return { default: () => render(module) };
    });
    const AfterHydration = () => (useHydrated() ? <Page /> : <CenteredLoader label={APP_TEXTS.loading} />);
    return { loader, element: <AfterHydration /> };
  }
  return { lazy: async () => ({ element: render(await load()) }), ...(prefetch ? { loader } : {}) };
}
