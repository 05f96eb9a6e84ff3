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

/** How long a part shown after the takeover waits, at most, for its route's first prefetch. */
const FIRST_PREFETCH_WAIT_MS = 1500;

/** `promise` settled, or `ms` passed: whichever comes first. */
function atMost(promise: Promise<unknown> | undefined, ms: number): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise((resolve) => (timer = setTimeout(resolve, ms)));
  return Promise.race([promise ?? Promise.resolve(), timeout]).finally(() => clearTimeout(timer));
}

/** A table's route (see lazyRoute): shown after the takeover, its data asked for with its code. */
interface RenderWhenLoaded<Module> {
  renderWhenLoaded: true;
  prefetch?: (module: Module, url: URL) => Promise<void> | void;
}

/**
 * A route whose page is its own chunk. The router downloads the chunks of every route a URL
 * matches at once, before it renders, instead of one level after the other as nested
 * `React.lazy` pages would (a page load's longest chain of requests):
 * `...lazyRoute(() => import('./x'), (m) => <m.X prop="a" />)`.
 *
 * With `renderWhenLoaded`, for a part below the fold of its page (a table): the route's chunk
 * still starts downloading with the others, but the pages around it render without waiting for
 * it, and it shows in its parent's `Suspense` when it arrives, so the page's heading paints sooner
 * and the first render is two shorter tasks, not one long one. The page the server renders (ADR
 * 038) shows the loader in its place: a table's rows per page follow the screen, which only the
 * browser knows. Its `prefetch` runs each time the route matches a URL, once the chunk is in,
 * without holding up the render: the table asks for its rows there, with its code, rather than
 * after it first renders; and the first time the part shows, it waits a moment for them.
 */
export function lazyRoute<Module>(
  load: () => Promise<Module>,
  render: (module: Module) => ReactNode,
  options?: RenderWhenLoaded<Module>,
): Pick<RouteObject, 'lazy' | 'loader' | 'element'> {
  if (!options) return { lazy: async () => ({ element: render(await load()) }) };
  const { prefetch } = options;
  let firstPrefetch: Promise<unknown> | undefined;
  const loader = ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const loading = load();
    if (prefetch) {
      // A failed prefetch is the part's own query to retry: nothing to hold it up for.
      const prefetching = loading.then((module) => prefetch(module, url)).catch(() => undefined);
      firstPrefetch ??= prefetching;
    }
    return null;
  };
  const Page = lazy(async () => {
    const module = await load();
    // The first time it shows, the part waits a moment for what its route asked for (a table's
    // first rows): shown with them, rather than as a skeleton the rows then push about.
    await atMost(firstPrefetch, FIRST_PREFETCH_WAIT_MS);
    return { default: () => render(module) };
  });
  const AfterHydration = () => (useHydrated() ? <Page /> : <CenteredLoader label={APP_TEXTS.loading} />);
  return { loader, element: <AfterHydration /> };
}
