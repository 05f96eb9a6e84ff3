import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';

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
 * `prefetch` runs each time the route matches a URL, once its chunk is in, without holding up the
 * render: a page asks for its data there, with its code, rather than after it first renders.
 */
export function lazyRoute<Module>(
  load: () => Promise<Module>,
  render: (module: Module) => ReactNode,
  prefetch?: (module: Module, url: URL) => void,
): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const module = await load();
      if (!prefetch) return { element: render(module) };
      return {
        element: render(module),
        loader: ({ request }: LoaderFunctionArgs) => {
          prefetch(module, new URL(request.url));
          return null;
        },
      };
    },
  };
}
