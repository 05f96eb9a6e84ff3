import { lazyPage } from '../lazy-page';

/**
 * The layout (app shell, menus, popovers) is its own chunk: the first paint is only a loader while
 * the session loads, so it need not wait for them. The auth guard starts this download while the
 * session loads.
 */
export const loadAppLayout = () => import('./app-layout').then((module) => module.AppLayout);

export const LazyAppLayout = lazyPage(loadAppLayout);
