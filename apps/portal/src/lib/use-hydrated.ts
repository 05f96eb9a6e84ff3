import { useSyncExternalStore } from 'react';

const neverChanges = () => () => undefined;

/**
 * False on the server and while React takes over the page the server rendered, true after (and
 * from the start when the page was not rendered on the server): for a part that depends on what
 * only the browser knows, such as the screen's size.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
