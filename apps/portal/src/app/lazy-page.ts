import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';

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
 */
export function lazyRoute<Module>(
  load: () => Promise<Module>,
  render: (module: Module) => ReactNode,
): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ element: render(await load()) }) };
}
