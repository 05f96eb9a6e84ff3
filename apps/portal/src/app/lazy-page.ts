import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * `React.lazy` for a named export (the codebase has no default exports), so every page is its own
 * chunk and the first load stays small: `lazyPage(() => import('./x').then((m) => m.X))`.
 */
export function lazyPage<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): LazyExoticComponent<ComponentType<Props>> {
  return lazy(async () => ({ default: await load() }));
}
